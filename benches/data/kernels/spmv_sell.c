/* Sparse matrix-vector product y = A x in the SELL-C-sigma format, single-threaded, for the
 * PRE-REGISTERED replay table spmv_sell (benches/data/spmv_sell_prereg.md): not used to tune
 * the guide. The matrix (n rows, the same for every build: xorshift) has irregular rows: 90%
 * hold 4-24 nonzeros, 10% hold 40-120, their columns within a band of +-512 around the
 * diagonal. -DC=c rows per chunk (c = 1 is plain CSR: no padding); each chunk is stored
 * column-major and padded to its longest row. -DSIGMA=s sorts the rows by length (longest
 * first) within windows of s rows before chunking (1: no sorting), which cuts the padding;
 * y is written back through the permutation. -DUNROLL=U (GCC unroll pragma on the loop along
 * a chunk's width: for c = 1 the row's reduction).
 * usage: spmv_sell N REPS; prints cpu_s (the kernel loop's thread CPU time), a checksum and the
 * stored entries per nonzero (the padding). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef C
#define C 1
#endif
#ifndef SIGMA
#define SIGMA 1
#endif
#include "ps_unroll.h"

static uint64_t rs = 88172645463325252ULL;
static uint64_t xs(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

static long *g_len;
static int by_len_desc(const void *a, const void *b) {
  long la = g_len[*(const int32_t *)a], lb = g_len[*(const int32_t *)b];
  if (la != lb) return la < lb ? 1 : -1;
  return *(const int32_t *)a - *(const int32_t *)b; /* stable: by row */
}
static int cmp_i32(const void *a, const void *b) {
  return *(const int32_t *)a - *(const int32_t *)b;
}

static void spmv(long nchunks, const long *restrict off, const long *restrict width,
                 const double *restrict val, const int32_t *restrict col,
                 const int32_t *restrict perm, const double *restrict x, double *restrict y) {
  for (long k = 0; k < nchunks; k++) {
    const double *v = val + off[k];
    const int32_t *c = col + off[k];
    double acc[C];
    for (int r = 0; r < C; r++) acc[r] = 0.0;
    PS_UNROLL for (long j = 0; j < width[k]; j++)
      for (int r = 0; r < C; r++) acc[r] += v[j * C + r] * x[c[j * C + r]];
    for (int r = 0; r < C; r++) y[perm[k * C + r]] = acc[r];
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4096, reps = argc > 2 ? atol(argv[2]) : 1;
  n = (n + C - 1) / C * C; /* whole chunks */
  long *len = malloc(sizeof(long) * n);
  int32_t **cols = malloc(sizeof(int32_t *) * n);
  double **vals = malloc(sizeof(double *) * n);
  long nnz = 0;
  for (long i = 0; i < n; i++) {
    len[i] = xs() % 10 == 0 ? 40 + (long)(xs() % 81) : 4 + (long)(xs() % 21);
    cols[i] = malloc(sizeof(int32_t) * len[i]);
    vals[i] = malloc(sizeof(double) * len[i]);
    for (long j = 0; j < len[i]; j++) {
      long cj = i - 512 + (long)(xs() % 1025);
      cols[i][j] = (int32_t)(cj < 0 ? -cj : (cj >= n ? 2 * (n - 1) - cj : cj));
      vals[i][j] = 1.0 / (double)(1 + (xs() % 97));
    }
    qsort(cols[i], (size_t)len[i], sizeof(int32_t), cmp_i32);
    nnz += len[i];
  }
  int32_t *perm = malloc(sizeof(int32_t) * n);
  for (long i = 0; i < n; i++) perm[i] = (int32_t)i;
  g_len = len;
  for (long w0 = 0; SIGMA > 1 && w0 < n; w0 += SIGMA)
    qsort(perm + w0, (size_t)(w0 + SIGMA <= n ? SIGMA : n - w0), sizeof(int32_t), by_len_desc);
  long nchunks = n / C;
  long *off = malloc(sizeof(long) * (nchunks + 1)), *width = malloc(sizeof(long) * nchunks);
  off[0] = 0;
  for (long k = 0; k < nchunks; k++) {
    long w = 0;
    for (int r = 0; r < C; r++) if (len[perm[k * C + r]] > w) w = len[perm[k * C + r]];
    width[k] = w;
    off[k + 1] = off[k] + w * C;
  }
  double *val = malloc(sizeof(double) * (size_t)off[nchunks]);
  int32_t *col = malloc(sizeof(int32_t) * (size_t)off[nchunks]);
  for (long k = 0; k < nchunks; k++)
    for (long j = 0; j < width[k]; j++)
      for (int r = 0; r < C; r++) {
        long row = perm[k * C + r], e = off[k] + j * C + r;
        int has = j < len[row];
        val[e] = has ? vals[row][j] : 0.0;
        col[e] = has ? cols[row][j] : (int32_t)row; /* padding: x[row], times 0 */
      }
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  for (long i = 0; i < n; i++) { x[i] = 1.0 + (double)(i % 13) / 13.0; y[i] = 0.0; }
  double sum = 0.0;
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++) {
    spmv(nchunks, off, width, val, col, perm, x, y);
    sum += y[r % n];
    x[r % n] += 1e-3 * y[(r * 7) % n]; /* a dependence between repetitions */
  }
  double el = ps_cpu() - t0;
  for (long i = 0; i < n; i++) sum += y[i] * (double)(1 + i % 7);
  printf("cpu_s=%.6f checksum=%.9g stored_per_nnz=%.3f\n", el, sum,
         (double)off[nchunks] / (double)nnz);
  return 0;
}
