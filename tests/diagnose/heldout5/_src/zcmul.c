/* Elementwise product of two complex signals (OpenMP), repeated; prints GB/s per run. */
#include <complex.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void zmul(double complex *restrict z, const double complex *restrict x,
                 const double complex *restrict y, long n)
{
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
        z[i] = x[i] * y[i];
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 8000000;
    int reps = argc > 2 ? atoi(argv[2]) : 10, runs = argc > 3 ? atoi(argv[3]) : 3;
    double complex *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) { x[i] = 1.0 + 0.5 * I; y[i] = 0.25 - 1.0 * I; z[i] = 0; }
    for (int r = 0; r < runs; r++) {
        double t0 = omp_get_wtime();
        for (int k = 0; k < reps; k++) zmul(z, x, y, n);
        double t = omp_get_wtime() - t0;
        printf("run=%d threads=%d n=%ld time=%.4f s bandwidth=%.2f GB/s\n", r, omp_get_max_threads(),
               n, t, 3.0 * 16.0 * n * reps / t / 1e9);
    }
    printf("check=%.3f\n", creal(z[n / 2]) + cimag(z[n - 1]));
    return 0;
}
