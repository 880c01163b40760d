/* 3x3 box blur of an n x n float image, single-threaded, for the PRE-REGISTERED replay table
 * blur3 (benches/data/blur3_prereg.md): not used to tune the guide.
 * -DALGO=0 ("direct": nine loads per output) or 1 ("separable": each block's rows summed
 * horizontally into a row buffer, then the buffer's rows summed vertically),
 * -DRB=R rows per block (R >= n: the whole image; the separable buffer holds R + 2 rows),
 * -DUNROLL=U (GCC unroll pragma on the innermost loop).
 * usage: blur3 N REPS; prints cpu_s (the kernel loop's thread CPU time) and a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef ALGO
#define ALGO 0
#endif
#ifndef RB
#define RB 64
#endif
#include "ps_unroll.h"
#define MIN(a, b) ((a) < (b) ? (a) : (b))
static void rows(long n, long i0, long i1, const float *restrict a, float *restrict b,
                 float *restrict t) {
  const float c = 1.0f / 9.0f;
#if ALGO == 0
  (void)t;
  for (long i = i0; i < i1; i++)
    PS_UNROLL for (long j = 1; j < n - 1; j++)
      b[i * n + j] = c * (a[(i - 1) * n + j - 1] + a[(i - 1) * n + j] + a[(i - 1) * n + j + 1]
                          + a[i * n + j - 1] + a[i * n + j] + a[i * n + j + 1]
                          + a[(i + 1) * n + j - 1] + a[(i + 1) * n + j] + a[(i + 1) * n + j + 1]);
#else
  for (long r = i0 - 1; r < i1 + 1; r++) {
    float *tr = t + (r - (i0 - 1)) * n;
    PS_UNROLL for (long j = 1; j < n - 1; j++)
      tr[j] = a[r * n + j - 1] + a[r * n + j] + a[r * n + j + 1];
  }
  for (long i = i0; i < i1; i++) {
    const float *t0 = t + (i - i0) * n, *t1 = t0 + n, *t2 = t1 + n;
    PS_UNROLL for (long j = 1; j < n - 1; j++) b[i * n + j] = c * (t0[j] + t1[j] + t2[j]);
  }
#endif
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2048, reps = argc > 2 ? atol(argv[2]) : 1;
  long rb = RB < n ? RB : n;
  float *a = malloc(sizeof(float) * n * n), *b = calloc((size_t)(n * n), sizeof(float));
  float *t = malloc(sizeof(float) * (rb + 2) * n);
  if (!a || !b || !t) return 2;
  for (long i = 0; i < n * n; i++) a[i] = (float)(i % 113) / 113.0f;
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++)
    for (long ii = 1; ii < n - 1; ii += rb) rows(n, ii, MIN(ii + rb, n - 1), a, b, t);
  double el = ps_cpu() - t0;
  double sum = 0.0;
  for (long i = 0; i < n * n; i++) sum += (double)b[i] * (double)(1 + i % 7);
  printf("cpu_s=%.6f checksum=%.9g\n", el, sum);
  free(a); free(b); free(t);
  return 0;
}
