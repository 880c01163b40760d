/* saxstream: OpenMP ocean-tracer update y = y + a*x + b*z over three large arrays (beyond the last-level cache). */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 25000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 8;
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n), *z = malloc(sizeof(double) * n);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) { x[i] = 1.0; y[i] = 2.0; z[i] = 0.5; }
  double t0 = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
      y[i] = y[i] + 0.25 * x[i] + 0.125 * z[i];
  }
  double t = omp_get_wtime() - t0;
  double gb = 4.0 * 8.0 * n * reps / 1e9;
  printf("threads=%d n=%ld MB_per_array=%.0f reps=%d seconds=%.4f GB/s=%.2f check=%.1f\n", omp_get_max_threads(), n, 8.0 * n / 1e6, reps, t, gb / t, y[n / 2]);
  return 0;
}
