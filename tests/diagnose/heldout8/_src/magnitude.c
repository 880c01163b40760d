/* Speed of a 3-component velocity field: s[i] = sqrt(u^2+v^2+w^2) over large arrays,
   OpenMP, repeated sweeps; prints its own bandwidth (4 arrays of doubles per sweep). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  double *u = malloc(n * 8), *v = malloc(n * 8), *w = malloc(n * 8), *s = malloc(n * 8);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) { u[i] = 1e-3 * (i % 1000); v[i] = 0.5; w[i] = 0.25; s[i] = 0; }
  double best = 1e30, sum = 0;
  for (int r = 0; r < reps; r++) {
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) s[i] = sqrt(u[i] * u[i] + v[i] * v[i] + w[i] * w[i]);
    double t = omp_get_wtime() - t0;
    if (t < best) best = t;
    sum += s[r];
  }
  printf("n=%ld threads=%d reps=%d check=%.6f\n", n, omp_get_max_threads(), reps, sum);
  printf("best_time=%.4f s\n", best);
  printf("bandwidth=%.2f GB/s\n", 4.0 * 8 * n / best / 1e9);
  printf("flops=%.2f GFLOP/s\n", 6.0 * n / best / 1e9);
  return 0;
}
