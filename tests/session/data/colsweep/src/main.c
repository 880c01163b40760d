#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "sweep.h"

#ifndef N
#define N 1000
#endif

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 3;
    double *a = malloc(sizeof(double) * N * N);
    for (int i = 0; i < N * N; i++)
        a[i] = (double)(i % 11) / 11.0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int r = 0; r < reps; r++)
        sweep(N, a);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double sum = 0.0;
    for (int i = 0; i < N * N; i++)
        sum += a[i];
    printf("n=%d elapsed: %.6f s\n", N, (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    printf("checksum: %.12e\n", sum);
    free(a);
    return 0;
}
