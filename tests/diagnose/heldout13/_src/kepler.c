/* Orbit propagation: solve Kepler's equation by Newton iteration for every body at every output
   time (OpenMP over bodies, independent, equal work).  usage: kepler NBODY NTIME */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int nb = argc > 1 ? atoi(argv[1]) : 4000;
    int nt = argc > 2 ? atoi(argv[2]) : 400;
    double sx = 0, sy = 0, t0 = omp_get_wtime();
#pragma omp parallel for schedule(static) reduction(+ : sx, sy)
    for (int b = 0; b < nb; b++) {
        double e = 0.05 + 0.9 * (double)b / nb, a = 1.0 + 0.001 * b, n = pow(a, -1.5);
        for (int t = 0; t < nt; t++) {
            double M = fmod(n * 0.05 * t, 2 * M_PI), E = M;
            for (int it = 0; it < 6; it++) E -= (E - e * sin(E) - M) / (1 - e * cos(E));
            sx += a * (cos(E) - e);
            sy += a * sqrt(1 - e * e) * sin(E);
        }
    }
    printf("threads=%d bodies=%d times=%d wall=%.3f s  <x>=%.6f <y>=%.6f\n", omp_get_max_threads(), nb, nt,
           omp_get_wtime() - t0, sx / ((double)nb * nt), sy / ((double)nb * nt));
    return 0;
}
