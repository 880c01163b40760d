/* 1-D convolution (a 32-tap FIR filter) over n doubles, single-threaded, for the PRE-REGISTERED
 * replay table conv1d (benches/data/conv1d_prereg.md): not used to tune the guide.
 * -DORDER=0 ("ik": per output, the taps innermost, a reduction) or 1 ("ki": per tap, the
 * outputs of the block innermost, a stream), -DBLOCK=B outputs per block (B >= n: the whole
 * extent), -DUNROLL=U (GCC unroll pragma on the innermost loop).
 * usage: conv1d N REPS; prints cpu_s (the kernel loop's thread CPU time) and a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef ORDER
#define ORDER 0
#endif
#ifndef BLOCK
#define BLOCK 1024
#endif
#define K 32
#include "ps_unroll.h"
#define MIN(a, b) ((a) < (b) ? (a) : (b))
static void block(long i0, long i1, const double *restrict w, const double *restrict x,
                  double *restrict y) {
#if ORDER == 0
  for (long i = i0; i < i1; i++) {
    double s = y[i];
    PS_UNROLL for (long k = 0; k < K; k++) s += w[k] * x[i + k];
    y[i] = s;
  }
#else
  for (long k = 0; k < K; k++)
    PS_UNROLL for (long i = i0; i < i1; i++) y[i] += w[k] * x[i + k];
#endif
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20, reps = argc > 2 ? atol(argv[2]) : 1;
  long b = BLOCK < n ? BLOCK : n;
  double *x = malloc(sizeof(double) * (n + K)), *y = malloc(sizeof(double) * n);
  double w[K];
  if (!x || !y) return 2;
  for (long i = 0; i < n + K; i++) x[i] = (double)(i % 97) / 97.0;
  for (long i = 0; i < n; i++) y[i] = 0.0;
  for (int k = 0; k < K; k++) w[k] = 1.0 / (double)(k + 2);
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++)
    for (long ii = 0; ii < n; ii += b) block(ii, MIN(ii + b, n), w, x, y);
  double el = ps_cpu() - t0;
  double sum = 0.0;
  for (long i = 0; i < n; i++) sum += y[i] * (double)(1 + i % 7);
  printf("cpu_s=%.6f checksum=%.17g\n", el, sum);
  free(x); free(y);
  return 0;
}
