/* Finds each query's bracket in a sorted table by scanning from the start, for tables of
 * several sizes and the same number of queries each: prints one row per size. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  long q = argc > 1 ? atol(argv[1]) : 100000;
  printf("%8s %9s %10s %10s\n", "entries", "lookups", "seconds", "ns/lookup");
  double chk = 0;
  for (long n = 500; n <= 8000; n *= 2) {
    double *x = malloc(n * sizeof *x);
    for (long i = 0; i < n; i++) x[i] = (double)i / n;
    unsigned s = 7;
    double t0 = now();
    for (long k = 0; k < q; k++) {
      s = s * 1103515245u + 12345u;
      double v = (s >> 8) / 16777216.0;
      long i = 0;
      while (i < n - 1 && x[i + 1] <= v) i++;
      chk += i;
    }
    double el = now() - t0;
    printf("%8ld %9ld %10.4f %10.2f\n", n, q, el, 1e9 * el / q);
    free(x);
  }
  printf("checksum %.6e\n", chk);
  return 0;
}
