/* STREAM-style triad a = b + s*c, OpenMP; prints each run and the best bandwidth. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 8;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) { a[i] = 0; b[i] = 1; c[i] = 2; }
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) a[i] = b[i] + 3.0 * c[i];
    double t = omp_get_wtime() - t0;
    if (t < best) best = t;
    printf("run=%d time=%.4f s bandwidth=%.2f GB/s\n", r, t, 24.0 * n / t / 1e9);
  }
  printf("threads=%d\n", omp_get_max_threads());
  printf("best_bandwidth=%.2f GB/s\n", 24.0 * n / best / 1e9);
  printf("check=%g\n", a[n / 2]);
  return 0;
}
