/* a harmonic-like series accumulated in 80-bit long double on the x87 unit */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double series(long n) {
  long double s = 0.0L, c = 0.0L;
  for (long k = 1; k <= n; k++) {
    long double t = 1.0L / ((long double)k * k);
    s += t; /* HOT */
    c += sqrtl(t) * 1e-3L;
  }
  return (double)(s + fabsl(c));
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000;
  double v = series(n);
  if (v < 1.6 || v > 1.7) return 1;
  printf("series %.15e\n", v);
  return 0;
}
