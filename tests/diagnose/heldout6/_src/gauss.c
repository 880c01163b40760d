/* Gaussian weights y = exp(-x*x/2) over a small block, many passes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 4096
static double x[N], y[N];
__attribute__((noinline)) void weights(const double *restrict xs, double *restrict ys, int n) {
  for (int i = 0; i < n; i++) ys[i] = exp(-0.5 * xs[i] * xs[i]);
}
int main(int argc, char **argv) {
  int passes = argc > 1 ? atoi(argv[1]) : 20000;
  for (int i = 0; i < N; i++) x[i] = (i - N / 2) * 1e-3;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  double s = 0;
  for (int p = 0; p < passes; p++) { weights(x, y, N); s += y[p % N]; }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("passes=%d n=%d time=%.3f s exp/s=%.1f M sum=%.6f\n", passes, N, t, (double)passes * N / t / 1e6, s);
  return 0;
}
