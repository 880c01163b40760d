/* Accumulates a weighted energy sum in __float128 "to be safe". */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

#ifndef REAL
#define REAL __float128
#endif

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100000, reps = argc > 2 ? atoi(argv[2]) : 100;
    double *w = malloc(n * sizeof *w), *e = malloc(n * sizeof *e);
    for (int i = 0; i < n; i++) { w[i] = 1.0 / (i + 1); e[i] = 0.5 + (i % 13); }
    double t0 = now();
    REAL acc = 0;
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < n; i++)
            acc += (REAL)w[i] * (REAL)e[i] * (REAL)e[i];
    double t = now() - t0;
    printf("n=%d reps=%d time=%.3f s  %.1f Mterm/s\n", n, reps, t, (double)n * reps / t / 1e6);
    printf("energy=%.15g\n", (double)acc);
    return 0;
}
