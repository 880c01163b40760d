/* Plasma collisional-ionization rates over an L1-resident block of cells (C, serial).
 * rate[i] = ne[i] * a / (1 + b * te[i]) * te[i] for 1000 cells, recomputed 60000 times per call
 * sequence (the solver's Newton iterations). The arrays (24 KB) stay in L1; the loop runs
 * one element per iteration at -O2 (no vector instructions); the build row names the flags.
 * usage: ionrate [cells] [iterations] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef FLAGS
#define FLAGS "-O2"
#endif

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

__attribute__((noinline)) void ion_rates(int n, const double *restrict ne, const double *restrict te,
                                         double *restrict rate, double a, double b)
{
    for (int i = 0; i < n; i++)
        rate[i] = ne[i] * a / (1.0 + b * te[i]) * te[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1003, it = argc > 2 ? atoi(argv[2]) : 60000;
    double *ne = malloc(n * sizeof *ne), *te = malloc(n * sizeof *te), *rate = malloc(n * sizeof *rate);
    for (int i = 0; i < n; i++) { ne[i] = 1e18 * (1 + i % 7); te[i] = 10.0 + i % 50; }
    double t0 = now(), sum = 0.0;
    for (int k = 0; k < it; k++) {
        ion_rates(n, ne, te, rate, 1e-14 * (1 + k % 3), 0.02);
        sum += rate[k % n];
    }
    double t = now() - t0;
    printf("ionrate flags=\"%s\" cells=%d iterations=%d seconds=%.3f ns_per_cell=%.3f sum=%.6e\n", FLAGS, n, it, t,
           1e9 * t / ((double)n * it), sum);
    return 0;
}
