/* Upwind flux split by the sign of the face velocity: positive faces add to the "up" tally, negative
 * ones to the "down" tally. Face velocities either in mesh order (random signs) or sorted.
 * Usage: clipflux random|sorted FACES PASSES */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

int main(int argc, char **argv) {
  int sorted = argc > 1 && strcmp(argv[1], "sorted") == 0;
  int n = argc > 2 ? atoi(argv[2]) : 1000000;
  int passes = argc > 3 ? atoi(argv[3]) : 30;
  double *u = malloc(sizeof(double) * n), up[64] = {0}, dn[64] = {0};
  unsigned s = 2024u;
  for (int i = 0; i < n; i++) { s = s * 1664525u + 1013904223u; u[i] = ((double)(s >> 8) / 16777216.0) - 0.5; }
  if (sorted) qsort(u, n, sizeof(double), cmp);
  double t0 = now();
  for (int p = 0; p < passes; p++) {
    for (int i = 0; i < n; i++) {
      if (u[i] > 0.0)
        up[i & 63] += u[i];
      else
        dn[i & 63] -= 0.5 * u[i];
    }
  }
  double t = now() - t0, su = 0, sd = 0;
  for (int k = 0; k < 64; k++) { su += up[k]; sd += dn[k]; }
  printf("order=%s faces=%d passes=%d time=%.3f s  %.3f ns/face  up=%.4e down=%.4e\n", sorted ? "sorted" : "random", n, passes, t,
         1e9 * t / ((double)n * passes), su, sd);
  return 0;
}
