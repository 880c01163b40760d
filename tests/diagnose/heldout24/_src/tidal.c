/* tidal.c: OpenMP tide prediction: for each of 100000 time steps the harmonic sum of 8 constituents at n tide stations (n = 256 by default) in its own parallel for; max level kept; -DOUTER parallelises the time loop instead (one region). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 256;
  int steps = argc > 2 ? atoi(argv[2]) : 100000;
  double *amp = malloc(8 * n * sizeof(double)), *ph = malloc(8 * n * sizeof(double));
  double om[8] = {1.405e-4, 1.454e-4, 1.379e-4, 1.458e-4, 7.292e-5, 6.759e-5, 7.27e-5, 1.4e-4};
  for (int i = 0; i < 8 * n; i++) { amp[i] = 0.1 + (i % 7) * 0.05; ph[i] = (i % 13) * 0.3; }
  double hmax = -1e30, t0 = omp_get_wtime();
#ifdef OUTER
#pragma omp parallel for reduction(max:hmax)
  for (int s = 0; s < steps; s++) {
    double t = s * 600.0;
    for (int j = 0; j < n; j++) {
      double h = 0;
      for (int c = 0; c < 8; c++) h += amp[8 * j + c] * (1.0 - 0.5 * (om[c] * t + ph[8 * j + c]) * 1e-6);
      if (h > hmax) hmax = h;
    }
  }
#else
  for (int s = 0; s < steps; s++) {
    double t = s * 600.0;
#pragma omp parallel for reduction(max:hmax)
    for (int j = 0; j < n; j++) {
      double h = 0;
      for (int c = 0; c < 8; c++) h += amp[8 * j + c] * (1.0 - 0.5 * (om[c] * t + ph[8 * j + c]) * 1e-6);
      if (h > hmax) hmax = h;
    }
  }
#endif
  double el = omp_get_wtime() - t0;
  printf("tidal: stations=%d steps=%d threads=%d time=%.3f s  us/step=%.2f  hmax=%.6f\n", n, steps, omp_get_max_threads(), el, 1e6 * el / steps, hmax);
  return 0;
}
