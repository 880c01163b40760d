/* Pressure update of a block of cells calling the equation of state (eosfun.c, another translation
 * unit) once per cell, repeated over many steps; the block fits in cache. Usage: eoscall CELLS STEPS */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double eos_pressure(double rho, double e);

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int steps = argc > 2 ? atoi(argv[2]) : 40000;
  double *rho = malloc(sizeof(double) * n), *e = malloc(sizeof(double) * n), *p = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) { rho[i] = 1000.0 + i % 13; e[i] = 2.0e6 + 10.0 * (i % 31); }
  double t0 = now();
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < n; i++)
      p[i] = eos_pressure(rho[i], e[i]);
    e[s % n] += 1.0;
  }
  double t = now() - t0, chk = 0;
  for (int i = 0; i < n; i++) chk += p[i];
  printf("cells=%d steps=%d time=%.3f s  %.3f ns/cell  checksum=%.6e\n", n, steps, t, 1e9 * t / ((double)n * steps), chk);
  return 0;
}
