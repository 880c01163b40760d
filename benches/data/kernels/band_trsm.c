/* Banded unit lower-triangular solve with many right-hand sides, X := L^-1 X, in place,
 * double precision, single-threaded, for the PRE-REGISTERED replay table band_trsm
 * (benches/data/band_trsm_prereg.md): not used to tune the guide. L has bandwidth w below a
 * unit diagonal, stored by rows (L[i*w + k] multiplies row i-w+k); X holds n rows of nr
 * right-hand sides (X[i*nr + r]: the right-hand sides of one row are contiguous), with w zero
 * rows above it so the first rows need no branch. Row i depends on the w rows before it.
 * -DORDER=0 ("rik"): one right-hand side at a time, a dot product over the band innermost
 * (stride nr through X); ORDER=1 ("irk"): row by row, the band innermost; ORDER=2 ("ikr"):
 * row by row, the right-hand sides innermost (unit stride, independent: an axpy per band
 * entry). -DUNROLL=U (GCC unroll pragma on the innermost loop).
 * usage: band_trsm N NR W REPS; prints cpu_s (the kernel loop's thread CPU time), a checksum. */
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
static double u01(void) { return (double)(xs() >> 11) / 9007199254740992.0; }

static void solve(long n, long nr, long w, const double *restrict L, double *restrict X) {
#if ORDER == 0
  for (long r = 0; r < nr; r++)
    for (long i = 0; i < n; i++) {
      PS_UNROLL for (long k = 0; k < w; k++)
        X[i * nr + r] -= L[i * w + k] * X[(i - w + k) * nr + r];
    }
#elif ORDER == 1
  for (long i = 0; i < n; i++)
    for (long r = 0; r < nr; r++) {
      PS_UNROLL for (long k = 0; k < w; k++)
        X[i * nr + r] -= L[i * w + k] * X[(i - w + k) * nr + r];
    }
#else
  for (long i = 0; i < n; i++)
    for (long k = 0; k < w; k++) {
      PS_UNROLL for (long r = 0; r < nr; r++)
        X[i * nr + r] -= L[i * w + k] * X[(i - w + k) * nr + r];
    }
#endif
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4096, nr = argc > 2 ? atol(argv[2]) : 64;
  long w = argc > 3 ? atol(argv[3]) : 8, reps = argc > 4 ? atol(argv[4]) : 1;
  double *L = malloc(sizeof(double) * n * w);
  double *buf = calloc((size_t)((n + w) * nr), sizeof(double));
  double *X = buf + w * nr; /* w zero rows above row 0 */
  for (long e = 0; e < n * w; e++) L[e] = (u01() - 0.5) * 0.5 / (double)w;
  for (long e = 0; e < n * nr; e++) X[e] = u01() - 0.5;
  double sum = 0.0;
  double t0 = ps_cpu();
  for (long t = 0; t < reps; t++) {
    solve(n, nr, w, L, X);
    sum += X[(t * 13) % (n * nr)];
  }
  double el = ps_cpu() - t0;
  for (long e = 0; e < n * nr; e++) sum += X[e] * (double)(1 + e % 7);
  printf("cpu_s=%.6f checksum=%.10g\n", el, sum);
  return 0;
}
