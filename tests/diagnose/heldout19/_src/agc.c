/* Automatic gain control of a seismic section held in cache: every sample is scaled by a gain
   computed from the running RMS by agc_gain(), which lives in agc_gain.c (built separately, so the
   compiler cannot see it inside this loop). Prints traces, samples, passes, seconds, ns per sample. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
double agc_gain(double rms);
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int ns = argc > 1 ? atoi(argv[1]) : 2000, passes = argc > 2 ? atoi(argv[2]) : 20000;
  double *x = malloc(ns * sizeof *x), *rms = malloc(ns * sizeof *rms), *y = malloc(ns * sizeof *y);
  for (int i = 0; i < ns; i++) { x[i] = ((i * 37) % 101 - 50) * 0.01; rms[i] = 0.1 + 0.5 * ((i * 13) % 17) / 17.0; }
  double t0 = now();
  for (int p = 0; p < passes; p++) {
    for (int i = 0; i < ns; i++)
      y[i] = x[i] * agc_gain(rms[i]);
    x[p % ns] += 1e-9 * y[(p + 1) % ns];
  }
  double sec = now() - t0;
  printf("samples=%d passes=%d seconds=%.4f ns_per_sample=%.3f check=%.6e\n", ns, passes, sec, 1e9 * sec / ((double)ns * passes), y[ns / 2]);
  return 0;
}
