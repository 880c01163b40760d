/* Time steps: a parallel update, then the field's norm computed by one thread (omp single). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static double norm_of(const double *u, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) s += fabs(u[i]) * exp(-u[i] * u[i]);
  return sqrt(s);
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  int steps = argc > 2 ? atoi(argv[2]) : 20;
  double *u = malloc(sizeof(double) * n), nrm = 0;
  for (long i = 0; i < n; i++) u[i] = (i % 1000) * 1e-3;
  double t0 = omp_get_wtime();
#pragma omp parallel
  for (int s = 0; s < steps; s++) {
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) u[i] = u[i] * 0.99 + 0.01 * exp(-u[i]);
#pragma omp single
    nrm = norm_of(u, n);
  }
  printf("threads=%d n=%ld steps=%d time=%.3f s norm=%.6f\n", omp_get_max_threads(), n, steps, omp_get_wtime() - t0, nrm);
  return 0;
}
