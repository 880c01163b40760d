/* wavespec.c: ocean wave spectrum evolution (OpenMP), 100000 direction-frequency bins, source terms per time step. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
#define NB 100000
static double E[NB], S[NB];
int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 1500;
  for (int i = 0; i < NB; i++) E[i] = 1e-3 * (1 + i % 17);
  double t0 = omp_get_wtime();
#pragma omp parallel
  for (int s = 0; s < steps; s++) {
#pragma omp for schedule(static)
    for (int i = 1; i < NB - 1; i++) {
      double f = 0.03 + i * 1e-6;
      S[i] = 0.8 * f * E[i] - 0.3 * E[i] * E[i] * f * f + 0.05 * (E[i - 1] + E[i + 1] - 2 * E[i]);
    }
#pragma omp for schedule(static)
    for (int i = 1; i < NB - 1; i++) E[i] += 1e-3 * S[i];
  }
  double dt = omp_get_wtime() - t0;
  double m = 0; for (int i = 0; i < NB; i++) m += E[i];
  printf("threads %d bins %d steps %d  time %.3f s  %.1f us/step  m0 %.6e\n", omp_get_max_threads(), NB, steps, dt,
         dt * 1e6 / steps, m);
  return 0;
}
