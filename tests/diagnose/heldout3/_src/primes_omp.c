/* Counts primes below N by trial division; the range is split into equal contiguous blocks. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int is_prime(long v) {
    if (v < 2) return 0;
    for (long d = 2; d * d <= v; d++) if (v % d == 0) return 0;
    return 1;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 3000000;
    long count = 0;
    double busy[64] = {0};
    double t0 = omp_get_wtime();
#pragma omp parallel reduction(+:count)
    {
        double tb = omp_get_wtime();
#ifdef DYNAMIC
#pragma omp for schedule(dynamic, 2000) nowait
#else
#pragma omp for schedule(static) nowait
#endif
        for (long v = 0; v < n; v++) count += is_prime(v);
        busy[omp_get_thread_num()] = omp_get_wtime() - tb;
    }
    double t = omp_get_wtime() - t0;
    printf("thread busy_s\n");
    for (int i = 0; i < omp_get_max_threads() && i < 64; i++) printf("%d %.3f\n", i, busy[i]);
    printf("primes=%ld time=%.3f s\n", count, t);
    return 0;
}
