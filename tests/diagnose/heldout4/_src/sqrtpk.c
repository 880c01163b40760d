/* Normalisation kernel on a small, cache-resident block: sqrt and divide per element. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 2048
#ifndef REAL
#define REAL double
#endif
REAL x[N], y[N];

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 300000;
  for (int i = 0; i < N; i++) x[i] = 1.0 + i * 0.5;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (int r = 0; r < reps; r++) {
    for (int i = 0; i < N; i++)
      y[i] = sqrt(x[i]) / (x[i] + y[i]);
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("elements=%d reps=%d checksum=%.6f time=%.3f s rate=%.2f Gelem/s\n", N, reps, (double)y[7], t, (double)N * reps / t / 1e9);
  return 0;
}
