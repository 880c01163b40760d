/* Smooths a 1-D field inside an OpenMP parallel region (the loop has no work-sharing construct). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    int sweeps = argc > 2 ? atoi(argv[2]) : 100;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    for (long i = 0; i < n; i++) a[i] = b[i] = (double)(i % 101);
    double busy[64] = {0};
    double t0 = omp_get_wtime();
#pragma omp parallel
    {
        double s = omp_get_wtime();
        for (int k = 0; k < sweeps; k++) {
            for (long i = 1; i < n - 1; i++)
                b[i] = (a[i - 1] + 2.0 * a[i] + a[i + 1]) * 0.25;
#pragma omp barrier
#pragma omp single
            { double *t = a; a = b; b = t; }
        }
        busy[omp_get_thread_num()] = omp_get_wtime() - s;
    }
    double wall = omp_get_wtime() - t0;
    for (int t = 0; t < omp_get_max_threads(); t++) printf("thread %d busy=%.3f s\n", t, busy[t]);
    printf("threads=%d n=%ld sweeps=%d wall=%.3f s mid=%.6f\n", omp_get_max_threads(), n, sweeps, wall, a[n / 2]);
    return 0;
}
