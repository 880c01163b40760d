#include <algorithm>
#include <cmath>
#include <utility>
#include "stats.h"

double mean(std::vector<double> v)
{
    double s = 0.0;
    for (std::size_t i = 0; i < v.size(); i++)
        s += v[i];
    return v.empty() ? 0.0 : s / v.size();
}

double Series::weighted(std::vector<double> weights) const
{
    double s = 0.0, w = 0.0;
    for (std::size_t i = 0; i < values.size() && i < weights.size(); i++) {
        s += values[i] * weights[i];
        w += weights[i];
    }
    return w > 0 ? s / w : 0.0;
}

void Series::scale(double f)
{
    for (double &x : values)
        x *= f;
}

double spread(Series s)
{
    double lo = s.values.empty() ? 0.0 : s.values.front(), hi = lo;
    for (double x : s.values) {
        lo = std::min(lo, x);
        hi = std::max(hi, x);
    }
    return (hi - lo) / (1.0 + s.name.size());
}

double trimmed(std::vector<double> v, double frac)
{
    std::sort(v.begin(), v.end());
    std::size_t cut = (std::size_t)(frac * v.size());
    double s = 0.0;
    for (std::size_t i = cut; i + cut < v.size(); i++)
        s += v[i];
    return s / (v.size() - 2 * cut);
}

void normalise(std::vector<double> v, std::vector<double> &out)
{
    double m = mean(v);
    out.resize(v.size());
    for (std::size_t i = 0; i < v.size(); i++)
        out[i] = v[i] - m;
}

double consume(std::vector<double> v)
{
    std::vector<double> kept = std::move(v);
    return kept.empty() ? 0.0 : kept.back();
}

double dist(Point a, Point b)
{
    return std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y));
}

std::size_t label_len(std::string label)
{
    return label.size();
}
