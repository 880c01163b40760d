/* Cloud condensation step: every step, for every cell, the saturation vapour pressure is
   recomputed from the cell's temperature with exp(), although the temperature field is set once
   before the time loop and never changes. usage: satvap CELLS STEPS */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 200000, steps = argc > 2 ? atoi(argv[2]) : 50;
    double *T = malloc(n * sizeof *T), *qv = malloc(n * sizeof *qv), *qc = malloc(n * sizeof *qc);
    for (int i = 0; i < n; i++) { T[i] = 250.0 + 40.0 * (i % 1000) / 1000.0; qv[i] = 0.01; qc[i] = 0.0; }
    struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
    for (int s = 0; s < steps; s++) {
        for (int i = 0; i < n; i++) {
            double es = 611.2 * exp(17.67 * (T[i] - 273.15) / (T[i] - 29.65));
            double qs = 0.622 * es / 1.0e5;
            double d = 0.1 * (qv[i] - qs);
            if (d > 0) { qv[i] -= d; qc[i] += d; } else { qv[i] += 1e-5; }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("satvap: cells=%d steps=%d seconds=%.4f ns/cell-step=%.2f qc[5]=%.6g\n", n, steps, t, 1e9 * t / ((double)n * steps), qc[5]);
    return 0;
}
