// y = a*x + y over two 256 MB vectors with OpenMP, repeated; prints the achieved bandwidth.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <omp.h>
#include <vector>

int main(int argc, char **argv) {
    const long n = argc > 1 ? std::atol(argv[1]) : 32L << 20;
    const int reps = argc > 2 ? std::atoi(argv[2]) : 10;
    double *x = static_cast<double *>(std::aligned_alloc(64, n * sizeof(double)));
    double *y = static_cast<double *>(std::aligned_alloc(64, n * sizeof(double)));
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) { x[i] = 1.0 + i % 7; y[i] = 0.5; }
    const double a = 1.0000001;
    double best = 1e30;
    for (int r = 0; r < reps; ++r) {
        double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
        for (long i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
        double t = omp_get_wtime() - t0;
        if (t < best) best = t;
    }
    double bytes = 3.0 * n * sizeof(double);
    std::printf("axpy: n=%ld threads=%d best_time=%.4f s bandwidth=%.2f GB/s (3 x 8 B per element) y0=%.3f\n",
                n, omp_get_max_threads(), best, bytes / best * 1e-9, y[0]);
    std::free(x); std::free(y);
    return 0;
}
