/* STREAM-style scale b = s*a with OpenMP; prints every run and the best rate. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 50000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 8;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) { a[i] = 1.0 + i % 7; b[i] = 0; }
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) b[i] = 2.5 * a[i];
    double t = omp_get_wtime() - t0;
    if (t < best) best = t;
    printf("Scale run %d: %.4f s, %.1f MB/s\n", r, t, 16.0 * n / t / 1e6);
  }
  printf("Threads: %d\n", omp_get_max_threads());
  printf("Best rate: %.1f MB/s\n", 16.0 * n / best / 1e6);
  printf("checksum: %g\n", b[n / 3]);
  return 0;
}
