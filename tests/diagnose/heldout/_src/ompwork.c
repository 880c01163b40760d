/* Embarrassingly parallel arithmetic over an in-cache array (OpenMP static schedule). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000000L;
  double t0 = omp_get_wtime(), s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static)
  for (long i = 0; i < n; i++) { double v = (double)(i & 1023) * 1e-3; s += v * v * 0.5 + v * 0.25; }
  double t = omp_get_wtime() - t0;
  printf("threads=%d\ntime=%.4f s\nrate=%.3f Gupdates/s\ncheck=%g\n", omp_get_max_threads(), t, n / t / 1e9, s);
  return 0;
}
