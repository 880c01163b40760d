/* Column statistics of a row-major n x n sample matrix (n samples of n sensors): for every sensor j,
 * mean and variance over the samples, computed with the sample index i innermost, so each step jumps
 * a whole row (n doubles). -DROWS walks the matrix row by row, accumulating all columns at once. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2048;
    int reps = argc > 2 ? atoi(argv[2]) : 1;
    double *x = malloc((size_t)n * n * sizeof *x), *mean = calloc(n, sizeof *mean), *var = calloc(n, sizeof *var);
    for (long i = 0; i < n * n; i++) x[i] = (double)((i * 2654435761u) % 1000) * 1e-3;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int r = 0; r < reps; r++) {
#ifndef ROWS
        for (long j = 0; j < n; j++) {
            double s = 0, q = 0;
            for (long i = 0; i < n; i++) {
                double v = x[i * n + j];
                s += v;
                q += v * v;
            }
            mean[j] = s / n;
            var[j] = q / n - mean[j] * mean[j];
        }
#else
        for (long j = 0; j < n; j++) mean[j] = var[j] = 0;
        for (long i = 0; i < n; i++)
            for (long j = 0; j < n; j++) {
                double v = x[i * n + j];
                mean[j] += v;
                var[j] += v * v;
            }
        for (long j = 0; j < n; j++) { mean[j] /= n; var[j] = var[j] / n - mean[j] * mean[j]; }
#endif
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    double c = 0;
    for (long j = 0; j < n; j++) c += var[j];
    printf("n %ld elements %ld reps %d seconds %.3f ns/element %.2f MB %.0f check %.4f\n", n, n * n, reps, s,
           1e9 * s / ((double)n * n * reps), (double)n * n * 8 / 1e6, c);
    return 0;
}
