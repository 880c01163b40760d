/* A batch of nb small (M x M, M = 4) double matrix products C_b += A_b B_b, single-threaded,
 * for the PRE-REGISTERED replay table bmm_batch (benches/data/bmm_batch_prereg.md): not used
 * to tune the guide. The batch is stored "structure of arrays": element e of every matrix is
 * one plane of nb doubles (X[e*nb + b]), the layout batched small-matrix libraries use so the
 * loop over the batch is unit stride.
 * -DORDER=0 ("ijkb"): the batch index b innermost (unit stride, one plane sweep per (i,j,k));
 * ORDER=1 ("bijk"): matrix by matrix, k innermost (stride M*nb). -DTB=t processes the batch in
 * blocks of t matrices (every (i,j,k) over one block before the next block; t >= nb: no
 * blocking). -DUNROLL=U (GCC unroll pragma on the innermost loop).
 * usage: bmm_batch NB REPS; prints cpu_s (the kernel loop's thread CPU time), a checksum. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef TB
#define TB (1 << 30)
#endif
#ifndef ORDER
#define ORDER 0
#endif
#define M 4
#include "ps_unroll.h"

static uint64_t rs = 88172645463325252ULL;
static uint64_t xs(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static double u01(void) { return (double)(xs() >> 11) / 9007199254740992.0; }

static void bmm(long nb, const double *restrict A, const double *restrict B,
                double *restrict C) {
  for (long b0 = 0; b0 < nb; b0 += TB) {
    long b1 = nb - b0 > TB ? b0 + TB : nb;
#if ORDER == 0
    for (int i = 0; i < M; i++)
      for (int j = 0; j < M; j++)
        for (int k = 0; k < M; k++) {
          double *c = C + (long)(i * M + j) * nb;
          const double *a = A + (long)(i * M + k) * nb, *bb = B + (long)(k * M + j) * nb;
          PS_UNROLL for (long b = b0; b < b1; b++) c[b] += a[b] * bb[b];
        }
#else
    for (long b = b0; b < b1; b++)
      for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) {
          PS_UNROLL for (int k = 0; k < M; k++)
            C[(long)(i * M + j) * nb + b] += A[(long)(i * M + k) * nb + b] *
                                             B[(long)(k * M + j) * nb + b];
        }
#endif
  }
}

int main(int argc, char **argv) {
  long nb = argc > 1 ? atol(argv[1]) : 16384;
  long reps = argc > 2 ? atol(argv[2]) : 1;
  double *A = malloc(sizeof(double) * M * M * nb), *B = malloc(sizeof(double) * M * M * nb),
         *C = malloc(sizeof(double) * M * M * nb);
  for (long e = 0; e < M * M * nb; e++) { A[e] = u01() - 0.5; B[e] = u01() - 0.5; C[e] = 0.0; }
  double sum = 0.0;
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++) {
    bmm(nb, A, B, C);
    sum += C[(r * 13) % (M * M * nb)];
    A[(r * 7) % (M * M * nb)] += 1e-9 * C[(r * 5) % (M * M * nb)]; /* repetitions depend */
  }
  double el = ps_cpu() - t0;
  for (long e = 0; e < M * M * nb; e++) sum += C[e] * (double)(1 + e % 7);
  printf("cpu_s=%.6f checksum=%.10g\n", el, sum);
  return 0;
}
