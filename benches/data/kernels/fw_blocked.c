/* Blocked Floyd-Warshall (all-pairs shortest paths) on a dense n x n matrix of doubles
 * (row-major, in place), single-threaded, for the PRE-REGISTERED replay table fw_blocked
 * (benches/data/fw_blocked_prereg.md): not used to tune the guide. Edge weights are small
 * integers, so every distance is exact and every blocking computes the same matrix.
 * -DT=t blocks the matrix in t x t tiles (t divides n; t = n is the plain, unblocked
 * algorithm): per block row kb, the diagonal tile, then the tiles of row and column kb, then
 * every other tile, each updated with the k of block kb (k, i, j loops; j innermost, unit
 * stride). The update is the natural one, `if (dik + d[k][j] < d[i][j]) d[i][j] = ...`
 * (a conditional store). -DUNROLL=U (GCC unroll pragma on the j loop).
 * usage: fw_blocked N REPS; prints cpu_s (the kernel loop's thread CPU time), a checksum. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ps_cpu.h"
#ifndef T
#define T (1 << 30)
#endif
#include "ps_unroll.h"

static uint64_t rs = 88172645463325252ULL;
static uint64_t xs(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

static void tile(long n, double *restrict d, long ib, long jb, long kb, long t) {
  for (long k = kb; k < kb + t; k++)
    for (long i = ib; i < ib + t; i++) {
      double dik = d[i * n + k];
      double *di = d + i * n;
      const double *dk = d + k * n;
      PS_UNROLL for (long j = jb; j < jb + t; j++) {
        double s = dik + dk[j];
        if (s < di[j]) di[j] = s;
      }
    }
}

static void fw(long n, double *d) {
  long t = T < n ? T : n;
  for (long kb = 0; kb < n; kb += t) {
    tile(n, d, kb, kb, kb, t);
    for (long jb = 0; jb < n; jb += t)
      if (jb != kb) tile(n, d, kb, jb, kb, t);
    for (long ib = 0; ib < n; ib += t)
      if (ib != kb) tile(n, d, ib, kb, kb, t);
    for (long ib = 0; ib < n; ib += t)
      if (ib != kb)
        for (long jb = 0; jb < n; jb += t)
          if (jb != kb) tile(n, d, ib, jb, kb, t);
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 480;
  long reps = argc > 2 ? atol(argv[2]) : 1;
  if (n % (T < n ? T : n)) { fprintf(stderr, "T must divide n\n"); return 2; }
  double *w = malloc(sizeof(double) * n * n), *d = malloc(sizeof(double) * n * n);
  for (long i = 0; i < n * n; i++) w[i] = (double)(1 + xs() % 1000);
  for (long i = 0; i < n; i++) w[i * n + i] = 0.0;
  double sum = 0.0, el = 0.0;
  for (long r = 0; r < reps; r++) {
    memcpy(d, w, sizeof(double) * n * n);
    double t0 = ps_cpu();
    fw(n, d);
    el += ps_cpu() - t0;
    for (long i = 0; i < n; i++) sum += d[i * n + (i * 7 + r) % n] * (double)(1 + i % 5);
    w[(r * 31) % (n * n)] += 1.0; /* a dependence between repetitions */
  }
  printf("cpu_s=%.6f checksum=%.10g\n", el, sum);
  return 0;
}
