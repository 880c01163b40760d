/* OpenMP energy spectrum of particles: every particle's kinetic energy is binned into a shared
   32-bin histogram (weights summed with omp atomic).  ./ehist N   prints threads and ns/particle */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define NB 32
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4000000;
    double *vx = malloc(n * sizeof *vx), *vy = malloc(n * sizeof *vy), *w = malloc(n * sizeof *w);
    double hist[NB] = {0};
    unsigned s = 7;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u; vx[i] = (s >> 8) * (1.0 / 16777216.0);
        s = s * 1664525u + 1013904223u; vy[i] = (s >> 8) * (1.0 / 16777216.0); w[i] = 1.0 + (i & 3);
    }
    double t0 = omp_get_wtime();
    for (int rep = 0; rep < 5; rep++) {
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++) {
            double e = 0.5 * (vx[i] * vx[i] + vy[i] * vy[i]);
            int b = (int)(e * NB);
            if (b >= NB) b = NB - 1;
#pragma omp atomic
            hist[b] += w[i];
        }
    }
    double sec = omp_get_wtime() - t0, tot = 0;
    for (int b = 0; b < NB; b++) tot += hist[b];
    printf("ehist: particles=%d reps=5 threads=%d seconds=%.3f ns/particle=%.2f total-weight=%.0f\n", n, omp_get_max_threads(), sec, 1e9 * sec / (5.0 * n), tot);
    return 0;
}
