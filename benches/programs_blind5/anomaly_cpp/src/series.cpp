#include "series.hpp"
#include <cmath>

double Series::mean() const
{
    double s = 0.0;
    for (double x : v_) s += x;
    return s / static_cast<double>(v_.size());
}

double Series::stddev() const
{
    const double m = mean();
    double s = 0.0;
    for (double x : v_) s += (x - m) * (x - m);
    return std::sqrt(s / static_cast<double>(v_.size() - 1));
}

double Series::trend_per_decade() const
{
    const double n = static_cast<double>(v_.size());
    const double tm = 0.5 * (n - 1.0), m = mean();
    double num = 0.0, den = 0.0;
    for (std::size_t i = 0; i < v_.size(); ++i) {
        num += (static_cast<double>(i) - tm) * (v_[i] - m);
        den += (static_cast<double>(i) - tm) * (static_cast<double>(i) - tm);
    }
    return 120.0 * num / den;
}
