/* LU factorization without pivoting (A = LU in place, unit L below the diagonal), double
 * precision, row-major, single-threaded, in the six loop orders of the textbook "ijk forms"
 * (the same update A[i][j] -= A[i][k] * A[k][j] and the same divisions by the pivot, in a
 * different order), for the PRE-REGISTERED replay table lu_forms
 * (benches/data/lu_forms_prereg.md): not used to tune the guide. The matrix is diagonally
 * dominant, so no pivoting is needed and every order computes the same factors.
 * -DORDER (index): 0 kji (LINPACK's column-oriented right-looking form, i innermost: stride n),
 * 1 jki (left-looking by columns, i innermost), 2 ijk (Doolittle dot products by rows, k
 * innermost: a reduction, stride n through A[k][j]), 3 jik (Crout-like dot products by columns,
 * k innermost), 4 kij (right-looking by rows, j innermost: unit stride), 5 ikj (row by row,
 * j innermost: unit stride). -DUNROLL=U (GCC unroll pragma on the innermost loop).
 * usage: lu_forms N REPS; prints cpu_s (the kernel loop's thread CPU time), a checksum. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ps_cpu.h"
#ifndef ORDER
#define ORDER 0
#endif
#include "ps_unroll.h"

static uint64_t rs = 88172645463325252ULL;
static uint64_t xs(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static double u01(void) { return (double)(xs() >> 11) / 9007199254740992.0; }

static void lu(long n, double *restrict A) {
#if ORDER == 0 /* kji */
  for (long k = 0; k < n; k++) {
    for (long i = k + 1; i < n; i++) A[i * n + k] /= A[k * n + k];
    for (long j = k + 1; j < n; j++) {
      PS_UNROLL for (long i = k + 1; i < n; i++) A[i * n + j] -= A[i * n + k] * A[k * n + j];
    }
  }
#elif ORDER == 1 /* jki */
  for (long j = 0; j < n; j++) {
    for (long k = 0; k < j; k++) {
      PS_UNROLL for (long i = k + 1; i < n; i++) A[i * n + j] -= A[i * n + k] * A[k * n + j];
    }
    for (long i = j + 1; i < n; i++) A[i * n + j] /= A[j * n + j];
  }
#elif ORDER == 2 /* ijk */
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      long kmax = i < j ? i : j;
      double s = A[i * n + j];
      PS_UNROLL for (long k = 0; k < kmax; k++) s -= A[i * n + k] * A[k * n + j];
      A[i * n + j] = j < i ? s / A[j * n + j] : s;
    }
#elif ORDER == 3 /* jik */
  for (long j = 0; j < n; j++)
    for (long i = 0; i < n; i++) {
      long kmax = i < j ? i : j;
      double s = A[i * n + j];
      PS_UNROLL for (long k = 0; k < kmax; k++) s -= A[i * n + k] * A[k * n + j];
      A[i * n + j] = j < i ? s / A[j * n + j] : s;
    }
#elif ORDER == 4 /* kij */
  for (long k = 0; k < n; k++)
    for (long i = k + 1; i < n; i++) {
      double l = A[i * n + k] /= A[k * n + k];
      PS_UNROLL for (long j = k + 1; j < n; j++) A[i * n + j] -= l * A[k * n + j];
    }
#else /* ikj */
  for (long i = 0; i < n; i++)
    for (long k = 0; k < i; k++) {
      double l = A[i * n + k] /= A[k * n + k];
      PS_UNROLL for (long j = k + 1; j < n; j++) A[i * n + j] -= l * A[k * n + j];
    }
#endif
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 512, reps = argc > 2 ? atol(argv[2]) : 1;
  double *A0 = malloc(sizeof(double) * (size_t)(n * n));
  double *A = malloc(sizeof(double) * (size_t)(n * n));
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) A0[i * n + j] = u01() - 0.5 + (i == j ? (double)n : 0.0);
  double sum = 0.0, el = 0.0;
  for (long t = 0; t < reps; t++) {
    memcpy(A, A0, sizeof(double) * (size_t)(n * n));
    double t0 = ps_cpu();
    lu(n, A);
    el += ps_cpu() - t0;
    sum += A[(t * 131) % (n * n)];
  }
  for (long e = 0; e < n * n; e++) sum += A[e] * (double)(1 + e % 7);
  printf("cpu_s=%.6f checksum=%.10g\n", el, sum);
  return 0;
}
