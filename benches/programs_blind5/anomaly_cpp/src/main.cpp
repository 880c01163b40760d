// anomaly: per-cell trends and standardised monthly anomalies of a gridded temperature
// record, summarised by latitude band.
// usage: anomaly [nlat=36] [nlon=72] [years=40]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>
#include "field.hpp"
#include "stats.hpp"

int main(int argc, char **argv)
{
    Grid g{argc > 1 ? std::atoi(argv[1]) : 36, argc > 2 ? std::atoi(argv[2]) : 72,
           12 * (argc > 3 ? std::atoi(argv[3]) : 40)};
    std::printf("grid %d x %d, %d months\n", g.nlat, g.nlon, g.nmonths);

    std::vector<Series> cells;
    cells.reserve(static_cast<std::size_t>(g.nlat) * g.nlon);
    for (int j = 0; j < g.nlat; ++j)
        for (int i = 0; i < g.nlon; ++i)
            cells.push_back(make_cell_series(g, j, i, 20261204ULL));

    const int nband = 6;
    std::vector<double> band_trend(nband, 0.0), band_w(nband, 0.0), band_zmax(nband, -1e30);
    std::vector<long> band_extreme(nband, 0);
    std::vector<int> band_run(nband, 0);
    std::vector<double> z;

    auto t0 = std::chrono::steady_clock::now();
    std::clock_t c0 = std::clock();
    for (int j = 0; j < g.nlat; ++j) {
        const int b = j * nband / g.nlat;
        const double w = std::cos(g.lat(j) * M_PI / 180.0);   // area weight
        for (int i = 0; i < g.nlon; ++i) {
            CellStats c = analyse_cell(cells[static_cast<std::size_t>(j) * g.nlon + i], z);
            band_trend[b] += w * c.trend;
            band_w[b] += w;
            band_extreme[b] += c.extreme_months;
            if (c.longest_warm > band_run[b]) band_run[b] = c.longest_warm;
            if (c.zmax > band_zmax[b]) band_zmax[b] = c.zmax;
        }
    }
    auto t1 = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    double cpu_ms = 1e3 * static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;

    std::printf("%-12s %14s %16s %12s %10s\n", "band", "trend K/dec", "extreme months",
                "longest run", "max z");
    for (int b = 0; b < nband; ++b)
        std::printf("%4.0f..%-4.0f   %14.6f %16ld %12d %10.5f\n", -90.0 + 30.0 * b,
                    -60.0 + 30.0 * b, band_trend[b] / band_w[b], band_extreme[b], band_run[b],
                    band_zmax[b]);
    std::printf("analysis: %.1f ms for %zu cells (cpu %.1f ms)\n", ms, cells.size(), cpu_ms);
    return 0;
}
