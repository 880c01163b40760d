/* Column Walsh-Hadamard transform of an n x n matrix of doubles (n a power of two, row-major,
 * in place, orthonormal butterflies (u+v)/sqrt2, (u-v)/sqrt2: log2(n) stages of butterflies
 * between rows i and i+len), single-threaded, for the PRE-REGISTERED replay table wht_cols
 * (benches/data/wht_cols_prereg.md): not used to tune the guide. A 2-D FFT's column pass has
 * this shape (power-of-two strides, every stage over the whole column) without the twiddles.
 * Rows are padded by 8 doubles (leading dimension n + 8: one cache line), so a column's lines do
 * not all fall into the same cache sets.
 * -DTJ=t processes the columns in strips of t; -DORDER=0 ("ji") transforms one column at a time
 * (the butterflies' i innermost: stride n), ORDER=1 ("ij") runs each stage over the strip with
 * the column index j innermost (unit stride); -DUNROLL=U (GCC unroll pragma on the innermost
 * loop).
 * usage: wht_cols N REPS; prints cpu_s (the kernel loop's thread CPU time), a checksum. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef TJ
#define TJ (1 << 30)
#endif
#ifndef ORDER
#define ORDER 0
#endif
#include "ps_unroll.h"

static const double H = 0.70710678118654752440;

static void wht_cols(long n, long ld, double *restrict a) {
  for (long j0 = 0; j0 < n; j0 += TJ) {
    long j1 = n - j0 > TJ ? j0 + TJ : n;
#if ORDER == 0
    for (long j = j0; j < j1; j++)
      for (long len = 1; len < n; len <<= 1)
        for (long i0 = 0; i0 < n; i0 += 2 * len)
          PS_UNROLL for (long i = i0; i < i0 + len; i++) {
            double u = a[i * ld + j], v = a[(i + len) * ld + j];
            a[i * ld + j] = (u + v) * H;
            a[(i + len) * ld + j] = (u - v) * H;
          }
#else
    for (long len = 1; len < n; len <<= 1)
      for (long i0 = 0; i0 < n; i0 += 2 * len)
        for (long i = i0; i < i0 + len; i++)
          PS_UNROLL for (long j = j0; j < j1; j++) {
            double u = a[i * ld + j], v = a[(i + len) * ld + j];
            a[i * ld + j] = (u + v) * H;
            a[(i + len) * ld + j] = (u - v) * H;
          }
#endif
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1024, reps = argc > 2 ? atol(argv[2]) : 1;
  long ld = n + 8;
  double *a = aligned_alloc(64, sizeof(double) * (size_t)(n * ld));
  uint64_t rs = 88172645463325252ULL;
  for (long k = 0; k < n * ld; k++) {
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
    a[k] = (double)(rs >> 11) / 9007199254740992.0 - 0.5;
  }
  double sum = 0.0;
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++) {
    wht_cols(n, ld, a);
    sum += a[(r * 7919) % (n * ld)];
    a[(r * 104729) % (n * ld)] += 1e-3; /* a dependence between repetitions */
  }
  double el = ps_cpu() - t0;
  for (long k = 0; k < n * ld; k += 97) sum += a[k] * (double)(1 + k % 7);
  printf("cpu_s=%.6f checksum=%.9g\n", el, sum);
  return 0;
}
