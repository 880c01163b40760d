/* Horner polynomial over an array in 80-bit long double: x87 code, no SIMD form exists. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int reps = argc > 2 ? atoi(argv[2]) : 20000;
  long double *x = malloc(sizeof(long double) * n), *y = malloc(sizeof(long double) * n);
  for (int i = 0; i < n; i++) x[i] = 1.0L / (i + 1);
  double t0 = now();
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++) {
      long double v = x[i];
      y[i] = ((((1.1L * v + 2.2L) * v + 3.3L) * v + 4.4L) * v + 5.5L) * v + 6.6L;
    }
  double t = now() - t0;
  printf("time=%.4f s\nGFLOP/s=%.3f\ncheck=%Lg\n", t, 10.0 * n * reps / t / 1e9, y[7]);
  return 0;
}
