/* Particles binned into a shared histogram: every particle enters one critical section. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000;
  static double hist[256];
  double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    double e = sin(i * 1e-3) * sin(i * 1e-3);
    int b = (int)(e * 255.0);
#pragma omp critical
    hist[b] += e;
  }
  double t = omp_get_wtime() - t0, s = 0;
  for (int b = 0; b < 256; b++) s += hist[b];
  printf("threads=%d particles=%ld wall_s=%.4f sum=%.6e\n", omp_get_max_threads(), n, t, s);
  return 0;
}
