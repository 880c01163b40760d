/* Sum of a 400 MB array, OpenMP reduction, repeated; prints bandwidth. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 50000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  double *a = malloc(n * sizeof *a);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) a[i] = (i % 5) * 0.25;
  double s = 0, best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = omp_get_wtime();
#pragma omp parallel for reduction(+:s) schedule(static)
    for (long i = 0; i < n; i++) s += a[i];
    double t = omp_get_wtime() - t0;
    if (t < best) best = t;
  }
  printf("sum=%g\n", s);
  printf("best_time=%.4f s\n", best);
  printf("bandwidth=%.2f GB/s\n", 8.0 * n / best / 1e9);
  return 0;
}
