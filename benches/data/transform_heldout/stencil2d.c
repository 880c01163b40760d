/* Jacobi sweep of a 2-D grid: out-of-place, row-major, linearised. */
#include <stdio.h>
#include <stdlib.h>

static void sweep(long n, const double *u, double *unew) {
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      unew[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] +
                                u[i * n + j + 1]); /* HOT */
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 130;
  double *u = calloc((size_t)(n * n), sizeof(double)), *v = calloc((size_t)(n * n), sizeof(double));
  for (long i = 0; i < n * n; i++) u[i] = (double)(i % 16);
  for (int it = 0; it < 4; it++) { sweep(n, u, v); sweep(n, v, u); }
  double s = 0.0;
  for (long i = 0; i < n * n; i++) s += u[i] * (double)(1 + i % 7);
  printf("checksum %.17g\n", s);
  return 0;
}
