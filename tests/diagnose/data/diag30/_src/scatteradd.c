/* Charge deposited from particles onto a grid: in creation order every update lands on a
   random grid row (a cache miss); in cell order neighbouring particles hit neighbouring cells.
   The program prints its nominal traffic (bytes it assumes it moves per second). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static unsigned long long rs = 88172645463325252ULL;
static double urand(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (rs >> 11) * (1.0 / 9007199254740992.0); }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static int n;
static int bycell(const void *a, const void *b) {
  const double *p = a, *q = b;
  long ca = (long)p[1] * n + (long)p[0], cb = (long)q[1] * n + (long)q[0];
  return (ca > cb) - (ca < cb);
}
int main(int argc, char **argv) {
  n = argc > 1 ? atoi(argv[1]) : 2048;
  long np = argc > 2 ? atol(argv[2]) : 2000000;
  int sorted = argc > 3 && strcmp(argv[3], "sorted") == 0;
  double *p = malloc(sizeof(double) * 2 * np), *g = calloc((size_t)n * n, sizeof(double));
  for (long i = 0; i < np; i++) { p[2 * i] = urand() * (n - 1); p[2 * i + 1] = urand() * (n - 1); }
  if (sorted) qsort(p, np, 2 * sizeof(double), bycell);
  double t0 = now();
  for (int s = 0; s < 3; s++)
    for (long i = 0; i < np; i++) {
      int ix = (int)p[2 * i], iy = (int)p[2 * i + 1];
      double fx = p[2 * i] - ix, fy = p[2 * i + 1] - iy, *r = g + (size_t)iy * n + ix;
      r[0] += (1 - fx) * (1 - fy); r[1] += fx * (1 - fy);
      r[n] += (1 - fx) * fy; r[n + 1] += fx * fy;
    }
  double t = now() - t0, q = 0;
  for (size_t i = 0; i < (size_t)n * n; i++) q += g[i];
  printf("scatteradd grid %d x %d, %ld particles (%s order)\n", n, n, np, sorted ? "cell" : "creation");
  printf("deposit time %.3f s  nominal traffic %.2f GB/s  (charge %.1f)\n", t, 3.0 * np * 80 / t / 1e9, q);
  return 0;
}
