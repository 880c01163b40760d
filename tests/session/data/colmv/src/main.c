#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "kernel.h"

#ifndef N
#define N 1200
#endif

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 3;
    double *a = malloc(sizeof(double) * N * N), *x = malloc(sizeof(double) * N);
    double *y = calloc(N, sizeof(double));
    for (int i = 0; i < N; i++) {
        x[i] = 1.0 / (i + 1);
        for (int j = 0; j < N; j++)
            a[i * N + j] = (double)((i + 2 * j) % 5);
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int r = 0; r < reps; r++)
        matvec(N, a, x, y);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double sum = 0.0;
    for (int i = 0; i < N; i++)
        sum += y[i];
    printf("n=%d elapsed: %.6f s\n", N, (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    printf("checksum: %.12e\n", sum);
    free(a); free(x); free(y);
    return 0;
}
