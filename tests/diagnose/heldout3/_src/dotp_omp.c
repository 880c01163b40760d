/* OpenMP dot product of two 512 MiB double vectors, repeated; prints time and bandwidth (16 B per element). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 64L << 20;
    int reps = argc > 2 ? atoi(argv[2]) : 6;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) { a[i] = 1.0 / (1 + i % 1000); b[i] = 0.5; }
    double best = 1e30, s = 0;
    for (int r = 0; r < reps; r++) {
        double t0 = omp_get_wtime();
        s = 0;
#pragma omp parallel for schedule(static) reduction(+:s)
        for (long i = 0; i < n; i++) s += a[i] * b[i];
        double t = omp_get_wtime() - t0;
        if (t < best) best = t;
    }
    printf("threads=%d time=%.4f s bandwidth=%.2f GB/s dot=%.6e\n", omp_get_max_threads(), best,
           16.0 * n / best / 1e9, s);
    return 0;
}
