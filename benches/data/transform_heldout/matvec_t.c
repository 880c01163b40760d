/* y = A^T x with A stored row-major: the update walks rows of A. */
#include <stdio.h>
#include <stdlib.h>

static void atx(long m, long n, const double *A, const double *x, double *y) {
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++)
      y[j] += A[i * n + j] * x[i]; /* HOT */
}

int main(void) {
  long m = 300, n = 200;
  double *A = malloc(sizeof(double) * (size_t)(m * n)), *x = malloc(sizeof(double) * (size_t)m),
         *y = calloc((size_t)n, sizeof(double));
  for (long i = 0; i < m * n; i++) A[i] = (double)(i % 9) - 4.0;
  for (long i = 0; i < m; i++) x[i] = (double)(i % 5);
  atx(m, n, A, x, y);
  double s = 0.0;
  for (long j = 0; j < n; j++) s += y[j] * (double)(j + 1);
  printf("checksum %.17g\n", s);
  return 0;
}
