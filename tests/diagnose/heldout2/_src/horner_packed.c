/* Degree-16 polynomial on an in-L1 double array, built -O3 -march=native: packed FMA. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 2048
static double x[N], y[N];
int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 200000;
  for (int i = 0; i < N; i++) x[i] = (i % 50) * 0.02;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < reps; r++) {
    for (int i = 0; i < N; i++) {
      double v = x[i], s = 1.0;
      for (int k = 0; k < 16; k++) s = s * v + 0.0625 * k;
      y[i] = s;
    }
    x[r % N] = y[(r * 3) % N] * 1e-12 + 0.5;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("time=%.3f s\n", t);
  printf("GFLOP/s=%.2f\n", 32.0 * N * reps / t / 1e9);
  printf("y=%g\n", y[11]);
  return 0;
}
