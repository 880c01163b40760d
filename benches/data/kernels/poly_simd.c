/* A degree-7 polynomial evaluated over n floats (y[i] = p(x[i])), single-threaded, for the
 * PRE-REGISTERED replay table poly_simd (benches/data/poly_simd_prereg.md): not used to tune
 * the guide. Compute-bound: x and y (n = 4096: 16 KiB each) stay in L1.
 * -DSCHEME=0 ("horner": 7 dependent multiply-adds per element) or 1 ("estrin": x^2, x^4 and
 * pairwise terms, 9 operations in a chain 3 deep),
 * -DUNROLL=U (GCC unroll pragma on the loop over elements); the SIMD width is a flag
 * (-mprefer-vector-width=W), the flag set decides which widths exist at all.
 * usage: poly_simd N REPS; prints cpu_s (the kernel loop's thread CPU time) and a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef SCHEME
#define SCHEME 0
#endif
#include "ps_unroll.h"
static const float C[8] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f, -0.03125f, 0.015625f,
                           -0.0078125f};
static void poly(long n, const float *restrict x, float *restrict y) {
#if SCHEME == 0
  PS_UNROLL for (long i = 0; i < n; i++) {
    float v = x[i], p = C[7];
    for (int k = 6; k >= 0; k--) p = p * v + C[k];
    y[i] = p;
  }
#else
  PS_UNROLL for (long i = 0; i < n; i++) {
    float v = x[i], v2 = v * v, v4 = v2 * v2;
    float a0 = C[0] + C[1] * v, a1 = C[2] + C[3] * v, a2 = C[4] + C[5] * v,
          a3 = C[6] + C[7] * v;
    float b0 = a0 + a1 * v2, b1 = a2 + a3 * v2;
    y[i] = b0 + b1 * v4;
  }
#endif
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4096, reps = argc > 2 ? atol(argv[2]) : 1;
  float *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * n);
  if (!x || !y) return 2;
  for (long i = 0; i < n; i++) x[i] = (float)(i % 1000) / 1000.0f - 0.5f;
  double sum = 0.0;
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++) {
    poly(n, x, y);
    sum += y[r % n]; /* keeps every repetition live */
    x[r % n] += 1e-7f;
  }
  double el = ps_cpu() - t0;
  for (long i = 0; i < n; i++) sum += y[i] * (double)(1 + i % 7);
  printf("cpu_s=%.6f checksum=%.9g\n", el, sum);
  free(x); free(y);
  return 0;
}
