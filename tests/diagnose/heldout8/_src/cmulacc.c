/* Frequency-domain filter: y[k] += h[k] * x[k] over complex spectra that fit in L1,
   applied to many frames. Plain C99 complex arithmetic. */
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define K 512
static double cputime(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
__attribute__((noinline)) void filter(int n, double complex *restrict y, const double complex *restrict h, const double complex *restrict x) {
  for (int k = 0; k < n; k++) y[k] += h[k] * x[k];
}
int main(int argc, char **argv) {
  int frames = argc > 1 ? atoi(argv[1]) : 200000;
  static double complex y[K], h[K], x[K];
  for (int k = 0; k < K; k++) { h[k] = 1.0 / (1 + k) + I * 0.001 * k; x[k] = 0.5 - I * 1e-3 * k; y[k] = 0; }
  struct timespec w0, w1; clock_gettime(CLOCK_MONOTONIC, &w0);
  double c0 = cputime();
  for (int f = 0; f < frames; f++) { filter(K, y, h, x); x[f % K] *= 0.999; }
  double c = cputime() - c0;
  clock_gettime(CLOCK_MONOTONIC, &w1);
  printf("frames=%d bins=%d y0=%.6e%+.6ei\n", frames, K, creal(y[0]), cimag(y[0]));
  printf("cpu_time=%.3f s\n", c);
  printf("wall_time=%.3f s\n", (w1.tv_sec - w0.tv_sec) + 1e-9 * (w1.tv_nsec - w0.tv_nsec));
  printf("rate=%.2f GFLOP/s\n", 8.0 * K * frames / c / 1e9);
  return 0;
}
