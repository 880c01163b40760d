/* 1-D convolution with a short filter. */
#include <stdio.h>
#include <stdlib.h>

static void conv(long n, long m, const double *x, const double *w, double *y) {
  for (long i = 0; i < n; i++) {
    double s = 0.0;
    for (long k = 0; k < m; k++)
      s += x[i + k] * w[k]; /* HOT */
    y[i] = s;
  }
}

int main(void) {
  long n = 5000, m = 17;
  double *x = malloc(sizeof(double) * (size_t)(n + m)), *w = malloc(sizeof(double) * (size_t)m),
         *y = malloc(sizeof(double) * (size_t)n);
  for (long i = 0; i < n + m; i++) x[i] = (double)(i % 10) - 5.0;
  for (long k = 0; k < m; k++) w[k] = (double)(k % 4);
  conv(n, m, x, w, y);
  double s = 0.0;
  for (long i = 0; i < n; i++) s += y[i] * (double)(1 + i % 13);
  printf("checksum %.17g\n", s);
  return 0;
}
