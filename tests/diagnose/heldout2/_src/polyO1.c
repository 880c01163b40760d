/* Evaluate a degree-8 polynomial on a 4096-float array that stays in L1, many times. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 4096
static float x[N], y[N];
int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 100000;
  for (int i = 0; i < N; i++) x[i] = (i % 100) * 0.01f;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < reps; r++) {
    for (int i = 0; i < N; i++) {
      float v = x[i];
      y[i] = ((((((((0.5f * v + 0.1f) * v + 0.2f) * v + 0.3f) * v + 0.4f) * v + 0.5f) * v
               + 0.6f) * v + 0.7f) * v + 0.8f);
    }
    x[r % N] += y[(r * 7) % N] * 1e-9f;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("time: %.3f s\n", t);
  printf("GFLOP/s: %.2f\n", 16.0 * N * reps / t / 1e9);
  printf("y0=%g\n", y[5]);
  return 0;
}
