/* beamform.c: delay-and-sum beam power of a 2048-sample hydrophone block (L1-resident), many beams. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
#define NS 2048
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static double x[NS], w[NS + 64];
static __attribute__((noinline)) double beam_power(int b) {
  const double *wb = w + (b & 63);
  double s = 0.0;
#ifdef SIMD
#pragma omp simd reduction(+:s)
#endif
  for (int i = 0; i < NS; i++)
    s += x[i] * wb[i];
  return s * s;
}
int main(int argc, char **argv) {
  int nb = argc > 1 ? atoi(argv[1]) : 400000;
  for (int i = 0; i < NS; i++) x[i] = sin(0.01 * i) + 0.1 * cos(0.37 * i);
  for (int i = 0; i < NS + 64; i++) w[i] = cos(0.013 * i);
  double t0 = now(), best = 0; int arg = 0;
#pragma omp parallel for reduction(max:best) schedule(static)
  for (int b = 0; b < nb; b++) { double p = beam_power(b); if (p > best) best = p; }
  for (int b = 0; b < 64; b++) if (beam_power(b) == best) arg = b;
  double dt = now() - t0;
  printf("beams %d samples %d  time %.3f s  %.3f ns/sample  best beam %d power %.4e\n", nb, NS, dt,
         dt * 1e9 / ((double)nb * NS), arg, best);
  return 0;
}
