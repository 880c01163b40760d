/* Biomass pyrolysis: species mass loss in each particle cell with Arrhenius rates k = A exp(-Ea/(R T)); the furnace temperature T is fixed for the run but the rate is recomputed per cell and species. -DHOIST computes the rates once. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
#define NS 8
static const double A[NS] = {1.3e8, 2.0e8, 1.1e7, 4.4e9, 3.3e6, 1.0e10, 7.0e7, 5.5e8};
static const double Ea[NS] = {1.4e5, 1.5e5, 1.2e5, 1.8e5, 1.1e5, 1.9e5, 1.35e5, 1.6e5};
int main(int argc, char **argv) {
  int nc = argc > 1 ? atoi(argv[1]) : 20000, steps = argc > 2 ? atoi(argv[2]) : 200;
  double T = 773.0, dt = 1e-3, *m = malloc((size_t)nc * NS * sizeof *m);
  for (long i = 0; i < (long)nc * NS; i++) m[i] = 1.0 + (i % 11) * 0.01;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
#ifdef HOIST
  double k[NS]; for (int s = 0; s < NS; s++) k[s] = A[s] * exp(-Ea[s] / (8.314 * T));
#endif
  for (int t = 0; t < steps; t++)
    for (int c = 0; c < nc; c++)
      for (int s = 0; s < NS; s++) {
#ifndef HOIST
        double ks = A[s] * exp(-Ea[s] / (8.314 * T));
#else
        double ks = k[s];
#endif
        m[(long)c * NS + s] -= dt * ks * m[(long)c * NS + s];
      }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double sum = 0; for (long i = 0; i < (long)nc * NS; i++) sum += m[i];
  double tt = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("pyrolysis cells=%d steps=%d T=%.0f K  %.3f s  %.2f ns/cell-species  remaining mass %.8e\n", nc, steps, T, tt, 1e9 * tt / ((double)nc * NS * steps), sum);
  return 0;
}
