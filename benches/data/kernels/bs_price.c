/* Black-Scholes prices of a book of European options (call and put per option), single
 * precision, structure of arrays, single-threaded, for the PRE-REGISTERED replay table bs_price
 * (benches/data/bs_price_prereg.md): not used to tune the guide. Each option needs a logf, a
 * sqrtf, two divisions and three expf (the discount and the two normal CDFs, Abramowitz-Stegun
 * polynomial as in the usual Black-Scholes benchmarks): compute-bound, the arrays (7 x n floats)
 * L2-resident at the table's n. The option loop is one loop with no dependence between options;
 * whether it vectorizes is up to the compiler (math calls, errno, the sign test in the CDF).
 * -DUNROLL=U (GCC unroll pragma on the option loop).
 * usage: bs_price N REPS; prints cpu_s (the kernel loop's thread CPU time), a checksum. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#include "ps_unroll.h"

static uint64_t rs = 88172645463325252ULL;
static uint64_t xs(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static float u01(void) { return (float)(xs() >> 40) / 16777216.0f; }

static inline float cnd(float d) {
  const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
              a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float w = rsqrt2pi * expf(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0.0f ? 1.0f - w : w;
}

static void price(long n, const float *restrict S, const float *restrict K,
                  const float *restrict T, const float *restrict R, const float *restrict V,
                  float *restrict call, float *restrict put) {
  PS_UNROLL for (long i = 0; i < n; i++) {
    float sq = sqrtf(T[i]);
    float d1 = (logf(S[i] / K[i]) + (R[i] + 0.5f * V[i] * V[i]) * T[i]) / (V[i] * sq);
    float d2 = d1 - V[i] * sq;
    float disc = K[i] * expf(-R[i] * T[i]);
    float n1 = cnd(d1), n2 = cnd(d2);
    call[i] = S[i] * n1 - disc * n2;
    put[i] = disc * (1.0f - n2) - S[i] * (1.0f - n1);
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 16384, reps = argc > 2 ? atol(argv[2]) : 1;
  float *buf = malloc(sizeof(float) * 7 * (size_t)n);
  float *S = buf, *K = S + n, *T = K + n, *R = T + n, *V = R + n, *call = V + n, *put = call + n;
  for (long i = 0; i < n; i++) {
    S[i] = 50.0f + 100.0f * u01();
    K[i] = S[i] * (0.7f + 0.6f * u01());
    T[i] = 0.05f + 2.0f * u01();
    R[i] = 0.005f + 0.05f * u01();
    V[i] = 0.05f + 0.6f * u01();
  }
  double sum = 0.0;
  double t0 = ps_cpu();
  for (long t = 0; t < reps; t++) {
    price(n, S, K, T, R, V, call, put);
    sum += call[(t * 131) % n];
    S[t % n] *= 1.0000001f; /* the next sweep is not the same work */
  }
  double el = ps_cpu() - t0;
  for (long i = 0; i < n; i++) sum += (double)call[i] + 0.5 * (double)put[i];
  printf("cpu_s=%.6f checksum=%.6g\n", el, sum);
  return 0;
}
