/* Scale the strict lower triangle row by row. */
#include <stdio.h>
#include <stdlib.h>

static void scale_lower(long n, double *L, const double *d) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < i; j++)
      L[i * n + j] *= d[i]; /* HOT */
}

int main(void) {
  long n = 200;
  double *L = malloc(sizeof(double) * (size_t)(n * n)), *d = malloc(sizeof(double) * (size_t)n);
  for (long i = 0; i < n * n; i++) L[i] = (double)(i % 7);
  for (long i = 0; i < n; i++) d[i] = (double)(i % 3 + 1);
  scale_lower(n, L, d);
  double s = 0.0;
  for (long i = 0; i < n * n; i++) s += L[i] * (double)(1 + i % 11);
  printf("checksum %.17g\n", s);
  return 0;
}
