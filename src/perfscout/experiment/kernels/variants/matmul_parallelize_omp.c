/* Naive dense matrix multiply C = A * B (n x n doubles), written the plain way: i, j, k.
 * usage: matmul N [reps]   (the best of reps timed multiplies is reported)
 * The matrices hold small integers, so every sum is exact and the checksum does not depend
 * on the summation order (any correct reordering or a BLAS call reproduces it bit for bit). */
#include "ps_common.h"

static void multiply(long n, const double *A, const double *B, double *C) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      double sum = 0.0;
      for (long k = 0; k < n; k++)
        sum += A[i * n + k] * B[k * n + j];
      C[i * n + j] = sum;
    }
}

int main(int argc, char **argv) {
  long n = ps_arg(argc, argv, 1, 512);
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n),
         *C = malloc(sizeof(double) * n * n);
  if (!A || !B || !C) { fprintf(stderr, "matmul: out of memory for n=%ld\n", n); return 2; }
  for (long i = 0; i < n * n; i++) {
    A[i] = (double)((i * 7) % 11) - 5.0;
    B[i] = (double)((i * 3) % 13) - 6.0;
    C[i] = 0.0;
  }
  int reps = (int)ps_arg(argc, argv, 2, 1);
  double t = 1e30;
  for (int r = 0; r < (reps > 0 ? reps : 1); r++) {
    double t0 = ps_now();
    multiply(n, A, B, C);
    double dt = ps_now() - t0;
    if (dt < t) t = dt;
  }
  double sum = 0.0;
  for (long i = 0; i < n * n; i++) sum += C[i] * (double)(1 + i % 17);
  double flops = 2.0 * (double)n * (double)n * (double)n;
  printf("PERFSCOUT kernel=matmul n=%ld threads=%d time_s=%.6f metric=gflops value=%.3f "
         "bytes=%.0f checksum=%.17g\n", n, ps_threads(), t, flops / t / 1e9,
         3.0 * sizeof(double) * (double)n * (double)n, sum);
  free(A); free(B); free(C);
  return 0;
}
