/* Tiled 2D sweep B = B + s*A over n x n doubles (no reuse across tiles), single-threaded, for a
 * replay table where tiling for cache is wrong on purpose: every element is touched once, so a
 * tile only cuts the rows into short strips; the whole row (TILE >= n) streams best.
 * -DORDER=0 (i outer) or 1 (j outer) inside a tile, -DTILE=T, -DUNROLL=U (GCC unroll pragma).
 * usage: rowsweep N REPS; prints cpu_s and checksum (main() in ps_tiled2d.h). */
#ifndef ORDER
#define ORDER 0
#endif
#include "ps_unroll.h"
#define INIT_A(i) ((double)((i) % 100))
#define INIT_B(i) 1.0
static void tile2d(long n, long i0, long i1, long j0, long j1, const double *restrict A,
                   double *restrict B) {
  const double s = 0.5;
#if ORDER == 0
  for (long i = i0; i < i1; i++)
    PS_UNROLL for (long j = j0; j < j1; j++) B[i * n + j] += s * A[i * n + j];
#else
  for (long j = j0; j < j1; j++)
    PS_UNROLL for (long i = i0; i < i1; i++) B[i * n + j] += s * A[i * n + j];
#endif
}
#include "ps_tiled2d.h"
