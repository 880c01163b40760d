/* Tiled out-of-place transpose B = A^T (n x n doubles), single-threaded, for a replay table.
 * -DORDER=0 (i outer) or 1 (j outer) inside a tile, -DTILE=T, -DUNROLL=U (GCC unroll pragma).
 * usage: transpose N REPS; prints cpu_s and checksum (main() in ps_tiled2d.h). */
#ifndef ORDER
#define ORDER 0
#endif
#include "ps_unroll.h"
#define INIT_A(i) ((double)((i) % 1000))
#define INIT_B(i) 0.0
static void tile2d(long n, long i0, long i1, long j0, long j1, const double *restrict A,
                   double *restrict B) {
#if ORDER == 0
  for (long i = i0; i < i1; i++)
    PS_UNROLL for (long j = j0; j < j1; j++) B[j * n + i] = A[i * n + j];
#else
  for (long j = j0; j < j1; j++)
    PS_UNROLL for (long i = i0; i < i1; i++) B[j * n + i] = A[i * n + j];
#endif
}
#include "ps_tiled2d.h"
