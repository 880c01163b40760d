/* Ocean mixed-layer temperature and salinity update (C, OpenMP).
 * Five double arrays are read (temperature, salinity, surface heat flux, entrainment, freshwater flux)
 * and two written, once per sweep over 6 M points: 56 bytes per point and 2 flops per 8 bytes, a pure
 * stream. Prints threads, seconds per sweep and the achieved GB/s (bytes moved / time).
 * usage: mixlayer [points] [sweeps] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 6000000;
    int sweeps = argc > 2 ? atoi(argv[2]) : 12;
    double *t = malloc(n * sizeof *t), *s = malloc(n * sizeof *s), *q = malloc(n * sizeof *q);
    double *e = malloc(n * sizeof *e), *f = malloc(n * sizeof *f);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) { t[i] = 15.0; s[i] = 35.0; q[i] = 1e-3 * (i % 100); e[i] = 1e-4; f[i] = -1e-5; }
    const double dt = 0.1;
    double t0 = omp_get_wtime();
    for (int k = 0; k < sweeps; k++) {
#pragma omp parallel for schedule(static)
        for (long i = 0; i < n; i++) {
            t[i] = t[i] + dt * (q[i] - e[i] * t[i]);
            s[i] = s[i] + dt * (f[i] * s[i]);
        }
    }
    double el = omp_get_wtime() - t0;
    double bytes = 56.0 * n * sweeps;
    printf("mixlayer threads=%d points=%ld sweeps=%d seconds=%.3f s_per_sweep=%.4f bytes_per_point=56 GB/s=%.1f check=%.6f\n",
           omp_get_max_threads(), n, sweeps, el, el / sweeps, bytes / el * 1e-9, t[n / 2] + s[n / 3]);
    return 0;
}
