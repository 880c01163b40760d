/* Blend two float signals y = 0.7*x + 0.3*y, repeated; prints ns per element and GFLOP/s. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef FIX
#define A 0.7f
#define C 0.3f
#else
#define A 0.7
#define C 0.3
#endif
static void blend(float *restrict y, const float *restrict x, int n)
{
  for (int i = 0; i < n; i++)
    y[i] = x[i] * A + y[i] * C;
}
int main(int argc, char **argv)
{
  int n = 4096, reps = argc > 1 ? atoi(argv[1]) : 200000;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; i++) { x[i] = (float)i / n; y[i] = 1.0f; }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < reps; r++) { blend(y, x, n); x[r % n] += 1e-7f; }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  double sum = 0; for (int i = 0; i < n; i++) sum += y[i];
  printf("blend n=%d reps=%d\ntime=%.3f s\nns_per_element=%.3f\nGFLOP/s=%.2f\nchecksum=%.6f\n",
         n, reps, s, 1e9 * s / ((double)n * reps), 3.0 * n * reps / s * 1e-9, sum);
  return 0;
}
