/* One tile of C += A*B in any of the six loop orders, shared by the tunable matmul and the
 * single-threaded replay-table kernel (benches/data/kernels/matmul_rows.c). The includer
 * defines BODY (the statement every order runs); -DORDER=0..5 picks the order inside a tile
 * (0 ijk, 1 ikj, 2 jik, 3 jki, 4 kij, 5 kji), -DTILE=T the tile (T >= n means untiled). */
#ifndef ORDER
#define ORDER 0
#endif
#ifndef TILE
#define TILE 64
#endif
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define L(v, lo, hi) for (long v = lo; v < hi; v++)

static void tile(long n, long i0, long i1, long j0, long j1, long k0, long k1,
                 const double *restrict A, const double *restrict B, double *restrict C) {
#if ORDER == 0
  L(i, i0, i1) L(j, j0, j1) L(k, k0, k1) BODY;
#elif ORDER == 1
  L(i, i0, i1) L(k, k0, k1) L(j, j0, j1) BODY;
#elif ORDER == 2
  L(j, j0, j1) L(i, i0, i1) L(k, k0, k1) BODY;
#elif ORDER == 3
  L(j, j0, j1) L(k, k0, k1) L(i, i0, i1) BODY;
#elif ORDER == 4
  L(k, k0, k1) L(i, i0, i1) L(j, j0, j1) BODY;
#else
  L(k, k0, k1) L(j, j0, j1) L(i, i0, i1) BODY;
#endif
}
