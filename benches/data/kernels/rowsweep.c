/* Tiled 2D sweep B = B + s*A over n x n doubles (no reuse across tiles), single-threaded, for a
 * replay table where tiling for cache is wrong on purpose: every element is touched once, so a
 * tile only cuts the rows into short strips; the whole row (TILE >= n) streams best.
 * -DORDER=0 (i outer) or 1 (j outer) inside a tile, -DTILE=T, -DUNROLL=U (GCC unroll pragma).
 * usage: rowsweep N REPS; prints cpu_s and checksum. */
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef ORDER
#define ORDER 0
#endif
#ifndef TILE
#define TILE 64
#endif
#ifndef UNROLL
#define UNROLL 1
#endif
#define STR(x) #x
#define XSTR(x) STR(x)
#define MIN(a, b) ((a) < (b) ? (a) : (b))
static void sweep(long n, long i0, long i1, long j0, long j1, double s, const double *restrict A,
                  double *restrict B) {
#if ORDER == 0
  for (long i = i0; i < i1; i++)
    _Pragma(XSTR(GCC unroll UNROLL)) for (long j = j0; j < j1; j++) B[i * n + j] += s * A[i * n + j];
#else
  for (long j = j0; j < j1; j++)
    _Pragma(XSTR(GCC unroll UNROLL)) for (long i = i0; i < i1; i++) B[i * n + j] += s * A[i * n + j];
#endif
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1024, reps = argc > 2 ? atol(argv[2]) : 1;
  long t = TILE < n ? TILE : n;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n);
  if (!A || !B) return 2;
  for (long i = 0; i < n * n; i++) { A[i] = (double)(i % 100); B[i] = 1.0; }
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++)
    for (long ii = 0; ii < n; ii += t)
      for (long jj = 0; jj < n; jj += t) sweep(n, ii, MIN(ii + t, n), jj, MIN(jj + t, n), 0.5, A, B);
  double el = ps_cpu() - t0;
  double sum = 0.0;
  for (long i = 0; i < n * n; i++) sum += B[i] * (double)(1 + i % 7);
  printf("cpu_s=%.6f checksum=%.17g\n", el, sum);
  free(A); free(B);
  return 0;
}
