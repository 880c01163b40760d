/* sums an n x n grid column by column (the inner loop strides a whole row), repeating the
   walk so every size does about the same number of cell updates; prints one table row */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 64;
    int header = argc > 2;
    long target = 1L << 25;
    int reps = (int)(target / ((long)n * n));
    if (reps < 1) reps = 1;
    double *a = malloc((size_t)n * n * sizeof *a);
    for (long i = 0; i < (long)n * n; i++) a[i] = (i % 11) * 0.1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    double s = 0.0;
    for (int r = 0; r < reps; r++)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
                s += a[(long)i * n + j] * (1.0 + 1e-9 * r);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double sec = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    long cells = (long)reps * n * n;
    if (header)
        printf("%6s %6s %12s %10s %10s\n", "n", "reps", "cells", "seconds", "ns/cell");
    printf("%6d %6d %12ld %10.4f %10.2f   check %.6f\n", n, reps, cells, sec, 1e9 * sec / cells,
           s / cells);
    free(a);
    return 0;
}
