/* OpenMP Monte-Carlo integration, equal samples per thread; prints per-thread busy time and the wall time. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200000000;
    double busy[64] = {0}, sum = 0;
    double t0 = omp_get_wtime();
#pragma omp parallel reduction(+:sum)
    {
        int t = omp_get_thread_num();
        double a = omp_get_wtime();
        uint64_t s = 0x9E3779B97F4A7C15ULL * (t + 1);
#pragma omp for schedule(static)
        for (long i = 0; i < n; i++) {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            double x = (s >> 11) * 0x1.0p-53;
            sum += 4.0 / (1.0 + x * x);
        }
        busy[t] = omp_get_wtime() - a;
    }
    double wall = omp_get_wtime() - t0;
    for (int t = 0; t < omp_get_max_threads(); t++) printf("thread %d busy=%.3f s\n", t, busy[t]);
    printf("threads=%d samples=%ld wall=%.3f s estimate=%.5f\n", omp_get_max_threads(), n, wall, sum / n);
    return 0;
}
