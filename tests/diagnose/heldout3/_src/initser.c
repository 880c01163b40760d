/* Fills two arrays with pseudo-random values (one generator, serial), then a parallel smoothing pass. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 16L << 20;
    int passes = argc > 2 ? atoi(argv[2]) : 4;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    double t0 = omp_get_wtime();
    srandom(42);
    for (long i = 0; i < n; i++) { a[i] = random() / (double)RAND_MAX; b[i] = log1p(a[i]) * cos(a[i]); }
    double t1 = omp_get_wtime();
    for (int p = 0; p < passes; p++) {
#pragma omp parallel for schedule(static)
        for (long i = 1; i < n - 1; i++) b[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1] + 1e-3 * sqrt(b[i] * b[i] + 1.0);
        double *t = a; a = b; b = t;
    }
    double t2 = omp_get_wtime();
    printf("threads: %d\n", omp_get_max_threads());
    printf("init: %.3f s\n", t1 - t0);
    printf("smooth: %.3f s\n", t2 - t1);
    printf("total: %.3f s\n", t2 - t0);
    printf("check: %.6f\n", a[n / 2]);
    return 0;
}
