/* Porosity update on a 3-D grid stored p[k][j][i] (i fastest), but the loop nest runs i outermost
   and k innermost, so consecutive updates are n*n doubles apart. -DGOOD swaps the order.
   usage: porosity N REPS ; prints one table row */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#ifndef GOOD
#define CELL_LOOPS for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++)
#else
#define CELL_LOOPS for (int k = 0; k < n; k++) for (int j = 0; j < n; j++) for (int i = 0; i < n; i++)
#endif
static void compact(int n, double *p, const double *s, double dt)
{
    CELL_LOOPS
        p[((size_t)k * n + j) * n + i] -= dt * s[((size_t)k * n + j) * n + i] * p[((size_t)k * n + j) * n + i];
}
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 128, reps = argc > 2 ? atoi(argv[2]) : 10;
    size_t m = (size_t)n * n * n;
    double *p = malloc(m * sizeof *p), *s = malloc(m * sizeof *s);
    for (size_t x = 0; x < m; x++) { p[x] = 0.35 + 1e-9 * (x % 1000); s[x] = 1e-3 * (1 + x % 7); }
    double t0 = now();
    for (int r = 0; r < reps; r++) compact(n, p, s, 1e-3);
    double t = now() - t0, cells = (double)m * reps;
    if (argc > 3) printf("%6s %6s %12s %10s %10s %12s\n", "n", "reps", "cells", "seconds", "ns/cell", "GB/s(nom)");
    printf("%6d %6d %12.0f %10.4f %10.2f %12.2f   check %.6f\n", n, reps, cells, t, 1e9 * t / cells, 24.0 * cells / t / 1e9, p[m / 3]);
    return 0;
}
