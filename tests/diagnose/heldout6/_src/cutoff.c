/* Short-range pair energy with a cutoff, particles at constant density: every pair is tested. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000;
  double L = cbrt(n / 0.8), rc = 2.5, rc2 = rc * rc;
  double *x = malloc(3 * sizeof(double) * n);
  srand(7);
  for (int i = 0; i < 3 * n; i++) x[i] = L * rand() / (double)RAND_MAX;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  double e = 0; long pairs = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1], dz = x[3 * i + 2] - x[3 * j + 2];
      double r2 = dx * dx + dy * dy + dz * dz;
      if (r2 < rc2) { double r = sqrt(r2); e += (1.0 - r / rc) * (1.0 - r / rc); pairs++; }
    }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("n=%d box=%.2f pairs_in_cutoff=%ld energy=%.6f time=%.3f s\n", n, L, pairs, e, t);
  return 0;
}
