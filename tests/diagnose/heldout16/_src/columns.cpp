// OpenMP radiative transfer along vertical columns of a terrain-following grid: each column is
// integrated with a step count set by its optical depth, which is 16x larger over the (right-hand)
// mountain range; the columns are split by schedule(static). Prints a per-thread table.
// ./columns NCOL
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <omp.h>
#include <vector>
int main(int argc, char **argv)
{
    int ncol = argc > 1 ? std::atoi(argv[1]) : 4000;
    std::vector<double> flux(ncol);
    std::vector<long> steps_of(omp_get_max_threads(), 0);
    std::vector<double> sec_of(omp_get_max_threads(), 0.0);
    std::vector<int> cols_of(omp_get_max_threads(), 0);
    double t0 = omp_get_wtime();
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        double ts = omp_get_wtime();
#pragma omp for schedule(static) nowait
        for (int c = 0; c < ncol; c++) {
            int nst = c < ncol / 2 ? 500 : 8000;
            double i0 = 1.0, tau = 0.0, dz = 1.0 / nst;
            for (int k = 0; k < nst; k++) {
                double kap = 0.3 + 0.1 * std::sin(0.001 * k + c);
                tau += kap * dz;
                i0 = i0 * std::exp(-kap * dz) + 0.01 * dz;
            }
            flux[c] = i0 * tau;
            steps_of[me] += nst; cols_of[me]++;
        }
        sec_of[me] = omp_get_wtime() - ts;
#pragma omp barrier
    }
    double total = omp_get_wtime() - t0, sum = 0;
    for (double f : flux) sum += f;
    std::printf("columns=%d threads=%d wall=%.3f s checksum=%.9e\n", ncol, omp_get_max_threads(), total, sum);
    std::printf("%6s %8s %12s %9s\n", "thread", "columns", "steps", "busy_s");
    for (int t = 0; t < omp_get_max_threads(); t++) std::printf("%6d %8d %12ld %9.3f\n", t, cols_of[t], steps_of[t], sec_of[t]);
    return 0;
}
