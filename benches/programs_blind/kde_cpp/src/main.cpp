// kde: weighted Gaussian kernel density estimate of a sample set
// usage: kde [samples] [grid points] [bandwidth]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "density.hpp"
#include "samples.hpp"

int main(int argc, char** argv) {
    const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 20000;
    const std::size_t points = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 2000;
    const double h = argc > 3 ? std::atof(argv[3]) : 0.15;

    const std::vector<Sample> samples = make_samples(n, 2026);
    Grid grid{-5.0, 6.0, std::vector<double>(points, 0.0)};

    const auto t0 = std::chrono::steady_clock::now();
    estimate_density(samples, h, grid);
    const auto t1 = std::chrono::steady_clock::now();
    const double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();

    double integral = 0.0, peak = 0.0, at = grid.lo;
    const double dx = (grid.hi - grid.lo) / static_cast<double>(points - 1);
    for (std::size_t i = 0; i < points; ++i) {
        integral += grid.value[i] * dx;
        if (grid.value[i] > peak) { peak = grid.value[i]; at = grid.x(i); }
    }
    std::printf("kde | samples %zu | grid %zu | h %.3f\n", n, points, h);
    std::printf("kde | estimate took %.1f ms (%.1f Meval/s)\n", ms,
                static_cast<double>(n) * static_cast<double>(points) / (ms * 1e3));
    std::printf("kde | integral %.12f | peak %.12f at x = %.4f\n", integral, peak, at);
    return 0;
}
