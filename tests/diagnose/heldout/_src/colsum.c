/* Column-order sum over a row-major matrix: every access is n doubles after the previous one. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int reps = argc > 2 ? atoi(argv[2]) : 4;
  double *m = malloc(sizeof(double) * n * n);
  for (long i = 0; i < (long)n * n; i++) m[i] = i % 3;
  double s = 0, t0 = now();
  for (int r = 0; r < reps; r++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++)
        s += m[(long)i * n + j];
  double t = now() - t0;
  printf("time=%.4f s\nbandwidth=%.3f GB/s\nsum=%g\n", t, 8.0 * n * n * reps / t / 1e9, s);
  return 0;
}
