/* Distances to the origin r = sqrt(x^2+y^2+z^2) over a small block, many passes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 4096
static double px[N], py[N], pz[N], r[N];
__attribute__((noinline)) void radii(int n) {
  for (int i = 0; i < n; i++) r[i] = sqrt(px[i] * px[i] + py[i] * py[i] + pz[i] * pz[i]);
}
int main(int argc, char **argv) {
  int passes = argc > 1 ? atoi(argv[1]) : 100000;
  for (int i = 0; i < N; i++) { px[i] = i * 1e-3; py[i] = (N - i) * 1e-3; pz[i] = (i % 13) * 0.1; }
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  double s = 0;
  for (int p = 0; p < passes; p++) { radii(N); s += r[p % N]; }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("passes=%d n=%d time=%.3f s Mpoints/s=%.1f sum=%.6f\n", passes, N, t, (double)passes * N / t / 1e6, s);
  return 0;
}
