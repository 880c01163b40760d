/* the input is filled by one chained generator (serial) before a cheap parallel sum */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 8000000;
  double *v = malloc(sizeof(double) * n);
  double t0 = omp_get_wtime();
  double x = 0.3;
  for (long i = 0; i < n; i++) { x = 3.99 * x * (1.0 - x); v[i] = sqrt(x) + log1p(x); }
  double t1 = omp_get_wtime(), s = 0.0;
#pragma omp parallel for reduction(+:s)
  for (long i = 0; i < n; i++) s += v[i];
  double t2 = omp_get_wtime();
  printf("threads=%d n=%ld fill_wall=%.3f s sum_wall=%.3f s s=%.6f\n", omp_get_max_threads(), n, t1 - t0, t2 - t1, s);
  free(v);
  return 0;
}
