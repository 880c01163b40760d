/* C = A*B with the loops ordered i, j, k: the inner k loop walks B down a column, n doubles
   apart; it prints its own rate for each size it is given. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 500;
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n),
         *c = calloc((size_t)n * n, sizeof(double));
  for (long i = 0; i < (long)n * n; i++) { a[i] = (double)(i % 7) / 7; b[i] = (double)(i % 5) / 5; }
  double t0 = now();
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++) s += a[(long)i * n + k] * b[(long)k * n + j];
      c[(long)i * n + j] = s;
    }
  double t = now() - t0;
  printf("mmrate n=%d: %.3f s, GFLOP/s=%.3f, c[1]=%.4f\n", n, t, 2.0 * n * n * n / t / 1e9, c[1]);
  return 0;
}
