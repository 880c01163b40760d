/* Sparse (CSR) times dense: Y += A X, A an n x n sparse matrix of nnz_row random columns per
 * row, X and Y dense n x nc (row-major: the nc columns of one row are contiguous), single
 * precision, single-threaded, for the PRE-REGISTERED replay table spmm_csr
 * (benches/data/spmm_csr_prereg.md): not used to tune the guide.
 * -DORDER=0 ("cip"): one dense column at a time, the row's nonzeros innermost (each nonzero
 * reads X[col*nc + c]: a random row of X, stride nc); ORDER=1 ("ipc"): row by row, per nonzero
 * the dense columns innermost (unit stride in X and Y: an axpy of one X row into one Y row).
 * -DUNROLL=U (GCC unroll pragma on the innermost loop).
 * usage: spmm_csr N NC NNZ_ROW REPS; prints cpu_s (the kernel loop's thread CPU time), a
 * checksum. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef ORDER
#define ORDER 0
#endif
#include "ps_unroll.h"

static uint64_t rs = 88172645463325252ULL;
static uint64_t xs(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static float u01(void) { return (float)(xs() >> 40) / (float)(1 << 24); }

static void spmm(long n, long nc, const long *restrict ptr, const int *restrict col,
                 const float *restrict val, const float *restrict X, float *restrict Y) {
#if ORDER == 0
  for (long c = 0; c < nc; c++)
    for (long i = 0; i < n; i++) {
      float s = Y[i * nc + c];
      PS_UNROLL for (long p = ptr[i]; p < ptr[i + 1]; p++)
        s += val[p] * X[(long)col[p] * nc + c];
      Y[i * nc + c] = s;
    }
#else
  for (long i = 0; i < n; i++)
    for (long p = ptr[i]; p < ptr[i + 1]; p++) {
      const float v = val[p];
      const float *restrict x = X + (long)col[p] * nc;
      float *restrict y = Y + i * nc;
      PS_UNROLL for (long c = 0; c < nc; c++) y[c] += v * x[c];
    }
#endif
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 8192, nc = argc > 2 ? atol(argv[2]) : 32;
  long nz = argc > 3 ? atol(argv[3]) : 16, reps = argc > 4 ? atol(argv[4]) : 1;
  long *ptr = malloc(sizeof(long) * (n + 1));
  int *col = malloc(sizeof(int) * n * nz);
  float *val = malloc(sizeof(float) * n * nz);
  float *X = malloc(sizeof(float) * n * nc), *Y = calloc((size_t)(n * nc), sizeof(float));
  for (long i = 0; i <= n; i++) ptr[i] = i * nz;
  for (long p = 0; p < n * nz; p++) {
    col[p] = (int)(xs() % (uint64_t)n);
    val[p] = (u01() - 0.5f) / (float)nz;
  }
  for (long e = 0; e < n * nc; e++) X[e] = u01() - 0.5f;
  double sum = 0.0;
  double t0 = ps_cpu();
  for (long t = 0; t < reps; t++) {
    spmm(n, nc, ptr, col, val, X, Y);
    sum += Y[(t * 13) % (n * nc)];
  }
  double el = ps_cpu() - t0;
  for (long e = 0; e < n * nc; e++) sum += (double)Y[e] * (double)(1 + e % 7);
  printf("cpu_s=%.6f checksum=%.10g\n", el, sum);
  return 0;
}
