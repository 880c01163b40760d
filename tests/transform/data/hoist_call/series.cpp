#include "series.h"
#include <cmath>
#include <cstdio>

static long calls_seen = 0;

double clip(double x, double lo, double hi)
{
    return x < lo ? lo : (x > hi ? hi : x);
}

double Series::mean() const
{
    double s = 0.0;
    for (double x : v_)
        s += x;
    return s * scale_ / static_cast<double>(v_.size());
}

double Series::stddev() const
{
    const double m = mean();
    double s = 0.0;
    for (std::size_t i = 0; i < v_.size(); ++i) {
        double d = v_[i] - m;
        s += d * d;
    }
    return std::sqrt(s / static_cast<double>(v_.size() - 1));
}

double Series::scaled_mean(double f) const
{
    return clip(f * mean(), -1e9, 1e9);
}

double Series::noisy_mean() const
{
    calls_seen++;
    return mean();
}

void Series::touch()
{
    scale_ = 1.0;
}
