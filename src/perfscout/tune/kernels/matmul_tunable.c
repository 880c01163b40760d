/* Tunable dense matrix multiply C = A * B (n x n doubles) for the autotuner.
 * usage: matmul_tunable N
 * Compile-time knobs: -DORDER=0..5 picks the loop order inside a tile (0 ijk, 1 ikj, 2 jik,
 * 3 jki, 4 kij, 5 kji); -DTILE=T tiles all three loops by T (T >= N means untiled). The i-tile
 * loop runs in parallel with OpenMP (rows of C are disjoint). The matrices hold small integers,
 * so every sum is exact and the checksum is identical for every knob setting. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
static double now(void) { return omp_get_wtime(); }
static int nthreads(void) { return omp_get_max_threads(); }
#else
#include <time.h>
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static int nthreads(void) { return 1; }
#endif
#define BODY C[i * n + j] += A[i * n + k] * B[k * n + j]
#include "matmul_tile.h"

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 256;
  long t = TILE < n ? TILE : n;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n),
         *C = malloc(sizeof(double) * n * n);
  if (!A || !B || !C) { fprintf(stderr, "matmul_tunable: out of memory for n=%ld\n", n); return 2; }
  for (long i = 0; i < n * n; i++) {
    A[i] = (double)((i * 7) % 11) - 5.0;
    B[i] = (double)((i * 3) % 13) - 6.0;
    C[i] = 0.0;
  }
  double t0 = now();
#pragma omp parallel for schedule(static)
  for (long ii = 0; ii < n; ii += t)
    for (long kk = 0; kk < n; kk += t)
      for (long jj = 0; jj < n; jj += t)
        tile(n, ii, MIN(ii + t, n), jj, MIN(jj + t, n), kk, MIN(kk + t, n), A, B, C);
  double el = now() - t0;
  double sum = 0.0;
  for (long i = 0; i < n * n; i++) sum += C[i] * (double)(1 + i % 17);
  double flops = 2.0 * (double)n * (double)n * (double)n;
  printf("PERFSCOUT kernel=matmul_tunable n=%ld threads=%d order=%d tile=%ld time_s=%.6f "
         "metric=gflops value=%.3f bytes=%.0f checksum=%.17g\n", n, nthreads(), ORDER, t, el,
         flops / el / 1e9, 3.0 * sizeof(double) * (double)n * (double)n, sum);
  free(A); free(B); free(C);
  return 0;
}
