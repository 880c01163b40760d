/* seaice.c: sea-ice floe model step: ridging redistribution per floe (serial), then thermodynamics (OpenMP). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
#define NF 200000
static double thick[NF], area[NF], ridge[NF];
int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 30;
  for (int i = 0; i < NF; i++) { thick[i] = 0.5 + (i % 40) * 0.05; area[i] = 1.0; ridge[i] = 0; }
  double tr = 0, tt = 0, t0 = omp_get_wtime();
  for (int s = 0; s < steps; s++) {
    double a = omp_get_wtime();
#ifdef PARRIDGE
#pragma omp parallel for schedule(static)
#endif
    for (int i = 0; i < NF; i++) {            /* ridging: each floe on its own */
      double h = thick[i], g = 0;
      for (int k = 1; k <= 8; k++) g += exp(-k * h) * log1p(k * area[i]);
      ridge[i] = g;
    }
    double b = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < NF; i++) {            /* thermodynamics */
      double h = thick[i] + 1e-3 * ridge[i];
      for (int k = 0; k < 6; k++) h = h + 1e-4 * (1.8 - h) / (1.0 + h);
      thick[i] = h;
    }
    tr += b - a; tt += omp_get_wtime() - b;
  }
  printf("threads %d floes %d steps %d  total %.3f s  ridging %.3f s  thermo %.3f s  h[5] %.5f\n",
         omp_get_max_threads(), NF, steps, omp_get_wtime() - t0, tr, tt, thick[5]);
  return 0;
}
