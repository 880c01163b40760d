/* An update that reads what an earlier iteration wrote eight elements back. */
#include <stdio.h>
#include <stdlib.h>

static void shift(long n, double a, double *x, const double *y) {
  for (long i = 0; i < n - 8; i++)
    x[i + 8] = x[i] * a + y[i]; /* HOT */
}

int main(void) {
  long n = 4000;
  double *x = malloc(sizeof(double) * (size_t)n), *y = malloc(sizeof(double) * (size_t)n);
  for (long i = 0; i < n; i++) { x[i] = (double)(i % 3); y[i] = (double)(i % 4); }
  shift(n, 0.5, x, y);
  double s = 0.0;
  for (long i = 0; i < n; i++) s += x[i];
  printf("checksum %.17g\n", s);
  return 0;
}
