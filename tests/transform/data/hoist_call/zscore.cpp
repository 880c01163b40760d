#include <cstdio>
#include <vector>
#include "series.h"

int main()
{
    Series ds(N);
    for (std::size_t t = 0; t < ds.size(); ++t)
        ds.set(t, 10.0 + 0.001 * static_cast<double>((t * 7919) % 1000));
    std::vector<double> z(ds.size());
    double zmax = 0.0;
    for (std::size_t t = 0; t < ds.size(); ++t) {
        z[t] = (ds[t] - ds.mean()) / ds.stddev();
        if (z[t] > zmax)
            zmax = z[t];
    }
    double w = 0.0;
    for (std::size_t t = 0; t < ds.size(); ++t)
        w += ds.scaled_mean(0.5) * (z[t] + 2.0);
    double q = 0.0;
    for (std::size_t t = 0; t < ds.size(); ++t)
        q += ds.noisy_mean() - ds[t];
    for (std::size_t t = 0; t < ds.size(); ++t) {
        ds.touch();
        q += ds.mean();
    }
    std::printf("zmax %.12f w %.12f q %.6f z0 %.12f\n", zmax, w, q, z[0]);
    return 0;
}
