/* CSR sparse matrix-vector product, OpenMP; the matrix is banded (9 nonzeros per row
   around the diagonal), repeated products; prints the bytes moved per second. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  const int w = 9;
  long nnz = n * w;
  long *rp = malloc((n + 1) * sizeof *rp);
  int *col = malloc(nnz * sizeof *col);
  double *val = malloc(nnz * sizeof *val), *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    rp[i] = i * w;
    for (int k = 0; k < w; k++) {
      long c = i + k - w / 2;
      col[i * w + k] = (int)(c < 0 ? 0 : c >= n ? n - 1 : c);
      val[i * w + k] = 1.0 / (1 + k);
    }
    x[i] = 1.0; y[i] = 0.0;
  }
  rp[n] = nnz;
  double t0 = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
      double s = 0.0;
      for (long k = rp[i]; k < rp[i + 1]; k++) s += val[k] * x[col[k]];
      y[i] = s;
    }
  }
  double t = omp_get_wtime() - t0;
  double bytes = (double)reps * (nnz * 12.0 + n * 8.0 * 3);
  printf("rows       %ld\nnonzeros   %ld\nthreads    %d\ntime       %.3f s\nbandwidth  %.2f GB/s\nGFLOP/s    %.3f\n", n, nnz, omp_get_max_threads(), t, bytes / t / 1e9, 2.0 * nnz * reps / t / 1e9);
  return 0;
}
