/* main() of a single-threaded 2D kernel tiled T x T over n x n doubles, for the replay tables
 * (rowsweep.c, transpose.c). The includer defines INIT_A(i) and INIT_B(i) (element i's starting
 * values) and, before including, the tile function
 *   static void tile2d(long n, long i0, long i1, long j0, long j1, const double *restrict A,
 *                      double *restrict B);
 * -DTILE=T (T >= n: the whole extent). usage: PROG N REPS; prints cpu_s (the kernel loop's
 * thread CPU time, ps_cpu.h) and a checksum of B. */
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef TILE
#define TILE 64
#endif
#define MIN(a, b) ((a) < (b) ? (a) : (b))
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1024, reps = argc > 2 ? atol(argv[2]) : 1;
  long t = TILE < n ? TILE : n;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n);
  if (!A || !B) return 2;
  for (long i = 0; i < n * n; i++) { A[i] = INIT_A(i); B[i] = INIT_B(i); }
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++)
    for (long ii = 0; ii < n; ii += t)
      for (long jj = 0; jj < n; jj += t) tile2d(n, ii, MIN(ii + t, n), jj, MIN(jj + t, n), A, B);
  double el = ps_cpu() - t0;
  double sum = 0.0;
  for (long i = 0; i < n * n; i++) sum += B[i] * (double)(1 + i % 7);
  printf("cpu_s=%.6f checksum=%.17g\n", el, sum);
  free(A); free(B);
  return 0;
}
