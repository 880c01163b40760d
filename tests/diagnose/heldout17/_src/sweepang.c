/* OpenMP discrete-ordinates sweep: 64 angles split by schedule(static) into contiguous blocks; angle a sweeps a grid refined with its polar index, so its cost grows as (a+1)^2
   and the last angles cost ~60x the first. Prints one line per thread: angles, cells, busy seconds,
   and the time the thread waited at the end of the loop.
   ./sweepang CELLS0 STEPS */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    long c0 = argc > 1 ? atol(argv[1]) : 3000;
    int steps = argc > 2 ? atoi(argv[2]) : 4, na = 64;
    int nt = omp_get_max_threads();
    double *busy = calloc(nt, sizeof *busy), *wait = calloc(nt, sizeof *wait);
    long *cells = calloc(nt, sizeof *cells), *angles = calloc(nt, sizeof *angles);
    double flux = 0, t0 = omp_get_wtime();
    for (int s = 0; s < steps; s++) {
#pragma omp parallel reduction(+ : flux)
        {
            int me = omp_get_thread_num();
            double tb = omp_get_wtime();
#pragma omp for schedule(static) nowait
            for (int a = 0; a < na; a++) {
                long nc = c0 * (long)(a + 1) * (a + 1) / 64;
                double psi = 1.0, mu = cos(0.02 * a);
                for (long c = 0; c < nc; c++) psi = (psi + 0.01 * mu * (c % 7)) / (1.0 + 0.01 * mu);
                flux += psi;
                cells[me] += nc; angles[me]++;
            }
            double te = omp_get_wtime();
            busy[me] += te - tb;
#pragma omp barrier
            wait[me] += omp_get_wtime() - te;
        }
    }
    double tot = omp_get_wtime() - t0;
    printf("sweepang: 64 angles, %d steps, %d threads, total %.3f s, flux %.6e\n", steps, nt, tot, flux);
    printf("%6s %8s %12s %10s %10s\n", "thread", "angles", "cells", "busy_s", "wait_s");
    for (int t = 0; t < nt; t++) printf("%6d %8ld %12ld %10.3f %10.3f\n", t, angles[t], cells[t], busy[t], wait[t]);
    return 0;
}
