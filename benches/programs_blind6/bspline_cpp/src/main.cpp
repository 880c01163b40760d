// terrain: resample a B-spline terrain model on a regular grid and report
// volume, extremes and the area above a flood level.
//
//   ./build/terrain [ncontrol=96] [degree=3] [samples=2800]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "surface.hpp"

namespace {

// synthetic survey: a few hills and a valley, plus deterministic "noise"
double survey_height(double x, double y) {
    double h = 120.0 * std::exp(-((x - 0.3) * (x - 0.3) + (y - 0.4) * (y - 0.4)) / 0.02)
             + 80.0 * std::exp(-((x - 0.7) * (x - 0.7) + (y - 0.65) * (y - 0.65)) / 0.035)
             - 40.0 * std::exp(-((x - 0.55) * (x - 0.55)) / 0.004)
             + 15.0 * std::sin(11.0 * x) * std::cos(7.0 * y);
    return h;
}

}  // namespace

int main(int argc, char** argv) {
    const int nc = argc > 1 ? std::atoi(argv[1]) : 96;
    const int degree = argc > 2 ? std::atoi(argv[2]) : 3;
    const int ns = argc > 3 ? std::atoi(argv[3]) : 2800;
    if (nc <= degree || degree < 1 || ns < 2) {
        std::fprintf(stderr, "usage: terrain [ncontrol>degree] [degree>=1] [samples>=2]\n");
        return 1;
    }

    Surface s(nc, nc, degree);
    for (int i = 0; i < nc; ++i)
        for (int j = 0; j < nc; ++j)
            s.ctrl(i, j) = survey_height(static_cast<double>(i) / (nc - 1),
                                         static_cast<double>(j) / (nc - 1));

    const double flood = 25.0;
    std::printf("terrain model: %d x %d control points, degree %d\n", nc, nc, degree);
    std::printf("resampling on %d x %d grid\n", ns, ns);

    auto t0 = std::chrono::steady_clock::now();
    std::clock_t c0 = std::clock();
    double vol = 0.0, zmin = 1e300, zmax = -1e300;
    long above = 0;
    for (int i = 0; i < ns; ++i) {
        const double u = static_cast<double>(i) / (ns - 1);
        double row = 0.0;
        for (int j = 0; j < ns; ++j) {
            const double v = static_cast<double>(j) / (ns - 1);
            const double z = s.eval(u, v);
            row += z;
            if (z < zmin) zmin = z;
            if (z > zmax) zmax = z;
            if (z > flood) ++above;
        }
        vol += row;
    }
    std::clock_t c1 = std::clock();
    auto t1 = std::chrono::steady_clock::now();
    vol /= static_cast<double>(ns) * ns;

    std::printf("  mean height   %.10f\n", vol);
    std::printf("  min / max     %.10f  %.10f\n", zmin, zmax);
    std::printf("  above %.1f m  %.6f %% of the area\n", flood,
                100.0 * static_cast<double>(above) / (static_cast<double>(ns) * ns));
    const double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    const double cpu_ms = 1000.0 * static_cast<double>(c1 - c0) / CLOCKS_PER_SEC;
    std::printf("resample: %.1f ms wall, %.1f ms cpu, %.1f ns/point\n", ms, cpu_ms,
                1e6 * ms / (static_cast<double>(ns) * ns));
    return 0;
}
