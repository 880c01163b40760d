/* y = a*x + y over 2 x 400 MB arrays, OpenMP, repeated; prints bandwidth in GB/s. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
static void daxpy(long n, double a, const double *x, double *y) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) y[i] += a * x[i];
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 50000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) { x[i] = 1e-3 * (i % 13); y[i] = 1.0; }
  double t0 = omp_get_wtime();
  for (int r = 0; r < reps; r++) daxpy(n, 0.5, x, y);
  double t = omp_get_wtime() - t0;
  printf("daxpy n=%ld reps=%d\n", n, reps);
  printf("time: %.3f s\n", t);
  printf("bandwidth: %.2f GB/s\n", 24.0 * n * reps / t / 1e9);
  printf("y[7]=%g\n", y[7]);
  return 0;
}
