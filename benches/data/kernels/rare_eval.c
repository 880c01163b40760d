/* Rare expensive work in a long loop: y[i] = f(x[i]) only where x[i] > THR (default 0.998: about
 * 0.2% of the uniform x), f a 12-step Newton iteration for the cube root (a division per step),
 * double precision, single-threaded, for the PRE-REGISTERED replay table rare_eval
 * (benches/data/rare_eval_prereg.md): not used to tune the guide. -DVARIANT (index):
 * 0 inline (the test and f in one loop: vectorized only with masked stores, f then runs on
 * whole vectors that hold a hit), 1 compact (per block of -DBLOCK elements, first the indices
 * of the hits, branch-free, then f over the hits only). -DUNROLL=U (GCC unroll pragma).
 * usage: rare_eval N REPS [THR]; prints cpu_s (the kernel loop's thread CPU time), a checksum. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#include "ps_unroll.h"
#ifndef VARIANT
#define VARIANT 0
#endif
#ifndef BLOCK
#define BLOCK 4096
#endif

static uint64_t rs = 88172645463325252ULL;
static uint64_t xs(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static double u01(void) { return (double)(xs() >> 11) / 9007199254740992.0; }

static inline double cbrt_newton(double x) {
  double v = 1.0 + x / 3.0;
  for (int k = 0; k < 12; k++) v = v - (v * v * v - x) / (3.0 * v * v);
  return v;
}

static void eval(long n, double thr, const double *restrict x, double *restrict y) {
#if VARIANT == 0 /* inline */
  PS_UNROLL for (long i = 0; i < n; i++)
    if (x[i] > thr) y[i] = cbrt_newton(x[i]);
#else /* compact per block, then f over the hits */
  static int32_t idx[BLOCK];
  for (long b = 0; b < n; b += BLOCK) {
    long e = b + BLOCK < n ? b + BLOCK : n;
    long m = 0;
    PS_UNROLL for (long i = b; i < e; i++) {
      idx[m] = (int32_t)i;
      m += x[i] > thr;
    }
    for (long q = 0; q < m; q++) {
      long i = idx[q];
      y[i] = cbrt_newton(x[i]);
    }
  }
#endif
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20, reps = argc > 2 ? atol(argv[2]) : 1;
  double *x = malloc(sizeof(double) * (size_t)n), *y = calloc((size_t)n, sizeof(double));
  for (long i = 0; i < n; i++) x[i] = u01();
  const double thr = argc > 3 ? atof(argv[3]) : 0.998;
  double sum = 0.0;
  double t0 = ps_cpu();
  for (long t = 0; t < reps; t++) {
    eval(n, thr, x, y);
    sum += y[(t * 7919) % n];
    x[(t * 104729) % n] += 1e-9; /* the next pass is not the same work */
  }
  double el = ps_cpu() - t0;
  for (long i = 0; i < n; i++) sum += y[i];
  printf("cpu_s=%.6f checksum=%.10g\n", el, sum);
  return 0;
}
