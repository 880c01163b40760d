/* Tiled 5-point Jacobi sweep over an n x n grid of doubles, single-threaded, for the
 * PRE-REGISTERED replay table (benches/data/stencil2d_prereg.md): not used to tune the guide.
 * -DORDER=0 (i outer, j inner) or 1 (j outer) inside a tile, -DTI / -DTJ tile sizes along i / j
 * (a tile >= n is the whole extent), -DUNROLL=U (GCC unroll pragma on the inner loop).
 * usage: stencil2d N REPS; prints cpu_s and checksum. */
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef ORDER
#define ORDER 0
#endif
#ifndef TI
#define TI 64
#endif
#ifndef TJ
#define TJ 64
#endif
#include "ps_unroll.h"
#define MIN(a, b) ((a) < (b) ? (a) : (b))
static void tile(long n, long i0, long i1, long j0, long j1, const double *restrict A,
                 double *restrict B) {
#if ORDER == 0
  for (long i = i0; i < i1; i++)
    PS_UNROLL for (long j = j0; j < j1; j++)
      B[i * n + j] = 0.25 * (A[(i - 1) * n + j] + A[(i + 1) * n + j] + A[i * n + j - 1] + A[i * n + j + 1]);
#else
  for (long j = j0; j < j1; j++)
    PS_UNROLL for (long i = i0; i < i1; i++)
      B[i * n + j] = 0.25 * (A[(i - 1) * n + j] + A[(i + 1) * n + j] + A[i * n + j - 1] + A[i * n + j + 1]);
#endif
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1024, reps = argc > 2 ? atol(argv[2]) : 1;
  long ti = TI < n ? TI : n, tj = TJ < n ? TJ : n;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n);
  if (!A || !B) return 2;
  for (long i = 0; i < n * n; i++) { A[i] = (double)(i % 97); B[i] = A[i]; }
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++) {
    for (long ii = 1; ii < n - 1; ii += ti)
      for (long jj = 1; jj < n - 1; jj += tj)
        tile(n, ii, MIN(ii + ti, n - 1), jj, MIN(jj + tj, n - 1), A, B);
    double *s = A; A = B; B = s;
  }
  double el = ps_cpu() - t0;
  double sum = 0.0;
  for (long i = 0; i < n * n; i++) sum += A[i] * (double)(1 + i % 7);
  printf("cpu_s=%.6f checksum=%.17g\n", el, sum);
  free(A); free(B);
  return 0;
}
