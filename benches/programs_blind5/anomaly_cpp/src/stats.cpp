#include "stats.hpp"
#include <cmath>

CellStats analyse_cell(const Series &s, std::vector<double> &z)
{
    const std::size_t n = s.size();
    // remove the mean seasonal cycle
    double clim[12] = {0};
    int cnt[12] = {0};
    for (std::size_t t = 0; t < n; ++t) { clim[t % 12] += s[t]; cnt[t % 12]++; }
    for (int m = 0; m < 12; ++m) clim[m] /= cnt[m];
    std::vector<double> d(n);
    for (std::size_t t = 0; t < n; ++t) d[t] = s[t] - clim[t % 12];
    Series ds(std::move(d));

    z.resize(n);
    for (std::size_t t = 0; t < n; ++t)
        z[t] = (ds[t] - ds.mean()) / ds.stddev();

    CellStats c{ds.trend_per_decade(), 0, 0, z[0]};
    int run = 0;
    for (std::size_t t = 0; t < n; ++t) {
        if (std::fabs(z[t]) > 2.0) c.extreme_months++;
        run = z[t] > 1.0 ? run + 1 : 0;
        if (run > c.longest_warm) c.longest_warm = run;
        if (z[t] > c.zmax) c.zmax = z[t];
    }
    return c;
}
