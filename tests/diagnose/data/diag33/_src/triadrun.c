/* A triad over three arrays far beyond the caches, timed by the program, which prints its
 * own bandwidth in GBps (three arrays of n doubles per pass). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000000;
    int passes = argc > 2 ? atoi(argv[2]) : 6;
    double *a = malloc(sizeof *a * n), *b = malloc(sizeof *b * n), *c = malloc(sizeof *c * n);
#pragma omp parallel for
    for (long i = 0; i < n; i++) { a[i] = 0.0; b[i] = 1.0 + i % 7; c[i] = 0.5; }
    double t0 = omp_get_wtime();
    for (int p = 0; p < passes; p++) {
#pragma omp parallel for
        for (long i = 0; i < n; i++) a[i] = b[i] + 0.4 * c[i];
    }
    double s = omp_get_wtime() - t0;
    printf("threads=%d passes=%d n=%ld seconds=%.4f GBps=%.2f check=%.4e\n",
           omp_get_max_threads(), passes, n, s, 3.0 * 8 * n * passes / s / 1e9, a[n / 3]);
    return 0;
}
