/* Tiled 7-point Jacobi sweep over an n x n x n grid of doubles, single-threaded, for the
 * PRE-REGISTERED replay table (benches/data/stencil3d_prereg.md): not used to tune the guide.
 * Index (i, j, k) is A[(i*n + j)*n + k] (k: unit stride). The sweep is blocked in j and k
 * (-DTJ, -DTK: tile sizes, a tile >= n is the whole extent; i streams); inside a block the
 * loops run in -DORDER=0 ijk, 1 jik, 2 ikj, 3 kji (outermost first); -DUNROLL=U (GCC unroll
 * pragma on the innermost loop).
 * usage: stencil3d N REPS; prints cpu_s (the sweeps' thread CPU time) and a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef ORDER
#define ORDER 0
#endif
#ifndef TJ
#define TJ 32
#endif
#ifndef TK
#define TK 32
#endif
#include "ps_unroll.h"
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define AT(i, j, k) (((i) * n + (j)) * n + (k))
#define PT(i, j, k)                                                                       \
  B[AT(i, j, k)] = (1.0 / 7.0) * (A[AT(i, j, k)] + A[AT(i - 1, j, k)] + A[AT(i + 1, j, k)] + \
                                  A[AT(i, j - 1, k)] + A[AT(i, j + 1, k)] +               \
                                  A[AT(i, j, k - 1)] + A[AT(i, j, k + 1)])
static void block(long n, long j0, long j1, long k0, long k1, const double *restrict A,
                  double *restrict B) {
#if ORDER == 0
  for (long i = 1; i < n - 1; i++)
    for (long j = j0; j < j1; j++)
      PS_UNROLL for (long k = k0; k < k1; k++) PT(i, j, k);
#elif ORDER == 1
  for (long j = j0; j < j1; j++)
    for (long i = 1; i < n - 1; i++)
      PS_UNROLL for (long k = k0; k < k1; k++) PT(i, j, k);
#elif ORDER == 2
  for (long i = 1; i < n - 1; i++)
    for (long k = k0; k < k1; k++)
      PS_UNROLL for (long j = j0; j < j1; j++) PT(i, j, k);
#else
  for (long k = k0; k < k1; k++)
    for (long j = j0; j < j1; j++)
      PS_UNROLL for (long i = 1; i < n - 1; i++) PT(i, j, k);
#endif
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 128, reps = argc > 2 ? atol(argv[2]) : 1;
  long tj = TJ < n ? TJ : n, tk = TK < n ? TK : n;
  long all = n * n * n;
  double *A = malloc(sizeof(double) * all), *B = malloc(sizeof(double) * all);
  if (!A || !B) return 2;
  for (long i = 0; i < all; i++) { A[i] = (double)(i % 97); B[i] = A[i]; }
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++) {
    for (long jj = 1; jj < n - 1; jj += tj)
      for (long kk = 1; kk < n - 1; kk += tk)
        block(n, jj, MIN(jj + tj, n - 1), kk, MIN(kk + tk, n - 1), A, B);
    double *s = A; A = B; B = s;
  }
  double el = ps_cpu() - t0;
  double sum = 0.0;
  for (long i = 0; i < all; i++) sum += A[i] * (double)(1 + i % 7);
  printf("cpu_s=%.6f checksum=%.17g\n", el, sum);
  free(A); free(B);
  return 0;
}
