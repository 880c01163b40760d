/* Hillslope runoff: a parallel infiltration pass over all cells, then a serial downstream routing
   pass (each cell adds its upstream neighbour's outflow, so it runs in order).
   usage: runoff CELLS STEPS ; prints a phase table */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 400000, steps = argc > 2 ? atoi(argv[2]) : 20;
    double *h = malloc(n * sizeof *h), *q = malloc(n * sizeof *q), *k = malloc(n * sizeof *k);
    for (int i = 0; i < n; i++) { h[i] = 0.01; q[i] = 0.0; k[i] = 1e-3 * (1 + i % 9); }
    double tinf = 0, trout = 0;
    for (int s = 0; s < steps; s++) {
        double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++) {
            double w = h[i];
            for (int it = 0; it < 8; it++) w = w - 0.1 * k[i] * sqrt(w + 1e-6) + 2e-5;
            h[i] = w;
        }
        double t1 = omp_get_wtime();
        q[0] = 0.5 * h[0];
        for (int i = 1; i < n; i++) {                       /* serial: depends on q[i-1] */
            double in = q[i - 1], v = h[i] + 0.02 * in;
            for (int it = 0; it < 6; it++) v = v - 0.05 * pow(v, 1.6667) + 0.01 * in;
            q[i] = 0.3 * v;
            h[i] = v - q[i] + 0.02 * in;
        }
        trout += omp_get_wtime() - t1; tinf += t1 - t0;
    }
    printf("%8s %8s %14s %14s %10s\n", "threads", "cells", "infiltrate_s", "route_s", "total_s");
    printf("%8d %8d %14.4f %14.4f %10.4f   q_out=%.5f\n", omp_get_max_threads(), n, tinf, trout, tinf + trout, q[n - 1]);
    return 0;
}
