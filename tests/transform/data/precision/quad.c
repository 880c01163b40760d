/* dot product and norm accumulated in __float128: libgcc's __multf3/__addtf3 per term */
#include <stdio.h>
#include <stdlib.h>
#include <quadmath.h>

static double dot_norm(const double *x, const double *y, long n, double *norm) {
  __float128 s = 0.0Q, q = 0.0Q;
  for (long i = 0; i < n; i++) {
    __float128 a = (__float128)x[i];
    s += a * y[i]; /* HOT */
    q += a * a * 0.5Q;
  }
  *norm = (double)sqrtq(2.0Q * q);
  return (double)s;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), norm;
  for (long i = 0; i < n; i++) {
    x[i] = 1.0 / (double)(i + 1);
    y[i] = (double)((i * 7) % 13) - 6.0;
  }
  double d = dot_norm(x, y, n, &norm);
  if (norm < 1.2 || norm > 1.3) return 1; /* sqrt(pi^2/6) = 1.2825 */
  printf("dot %.15e\nnorm %.15e\n", d, norm);
  free(x);
  free(y);
  return 0;
}
