/* snowpack.c: multi-layer snowpack settling; a 160 MB layer-flux scratch buffer per time step. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#define NC 20000000L
int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 12;
  double *dens = malloc(NC / 10 * sizeof(double));
  for (long i = 0; i < NC / 10; i++) dens[i] = 100 + (i % 300);
#ifdef REUSE
  double *flux = malloc(NC * sizeof(double));
#endif
  double t0 = now(), acc = 0;
  for (int s = 0; s < steps; s++) {
#ifndef REUSE
    double *flux = malloc(NC * sizeof(double));
#endif
    for (long i = 0; i < NC; i++) flux[i] = 1e-4 * dens[i % (NC / 10)];
    for (long i = 0; i < NC / 10; i++) dens[i] += flux[i * 10];
    acc += flux[s * 1000];
#ifndef REUSE
    free(flux);
#endif
  }
  double dt = now() - t0;
  printf("steps %d cells %ld  time %.3f s  %.1f ms/step  dens0 %.4f\n", steps, NC, dt, dt * 1e3 / steps, dens[0] + 0 * acc);
  return 0;
}
