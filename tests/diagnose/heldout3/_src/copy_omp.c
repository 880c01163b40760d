/* Two-thread array copy b = a over 2 x 256 MiB, best of several repetitions (STREAM counting: 16 B per element). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 32L << 20;
    int reps = argc > 2 ? atoi(argv[2]) : 8;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) { a[i] = (double)i; b[i] = 0.0; }
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
        for (long i = 0; i < n; i++) b[i] = a[i];
        double t = omp_get_wtime() - t0;
        if (t < best) best = t;
    }
    printf("threads: %d\n", omp_get_max_threads());
    printf("copy_time: %.4f s\n", best);
    printf("copy_bandwidth: %.2f GB/s\n", 16.0 * n / best / 1e9);
    printf("check: %.1f\n", b[n - 1]);
    return 0;
}
