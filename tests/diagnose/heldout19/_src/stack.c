/* Seismic trace stacking with normal-moveout weights: out[i] = out[i] + w[i] * trace[i] over
   three 200 MB arrays (beyond the 480 MB L3 together), repeated per shot, OpenMP parallel. Prints threads, seconds, GB/s moved. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 25000000; int shots = argc > 2 ? atoi(argv[2]) : 8;
  double *out = malloc(n * sizeof *out), *w = malloc(n * sizeof *w), *tr = malloc(n * sizeof *tr);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) { out[i] = 0.0; w[i] = 1.0 / (1 + i % 97); tr[i] = (i % 13) * 0.1; }
  double t0 = omp_get_wtime();
  for (int s = 0; s < shots; s++) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) out[i] = out[i] + w[i] * tr[i];
  }
  double sec = omp_get_wtime() - t0;
  printf("threads=%d shots=%d n=%ld seconds=%.4f GBps=%.2f check=%.4e\n", omp_get_max_threads(), shots, n, sec, 32.0 * n * shots / sec / 1e9, out[n / 3]);
  return 0;
}
