/* Brine salinity update, a streaming kernel over four 40 MB arrays:
   s = s + dt*(f_in - f_out)*r ; OpenMP static loop. usage: brine N REPS ; prints threads, seconds, GB/s */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 5000000; int reps = argc > 2 ? atoi(argv[2]) : 20;
    double *s = malloc(n * sizeof *s), *fi = malloc(n * sizeof *fi), *fo = malloc(n * sizeof *fo), *r = malloc(n * sizeof *r);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) { s[i] = 35.0; fi[i] = 1e-3 * (i % 13); fo[i] = 1e-3 * (i % 11); r[i] = 1.0 + 1e-4 * (i % 5); }
    double t0 = omp_get_wtime();
    for (int k = 0; k < reps; k++) {
#pragma omp parallel for schedule(static)
        for (long i = 0; i < n; i++)
            s[i] = s[i] + 0.01 * (fi[i] - fo[i]) * r[i];
    }
    double t = omp_get_wtime() - t0;
    printf("brine: threads=%d n=%ld reps=%d seconds=%.4f GB/s=%.2f (5 streams x 8 B) s[7]=%.6f\n",
           omp_get_max_threads(), n, reps, t, 40.0 * n * reps / t / 1e9, s[7]);
    return 0;
}
