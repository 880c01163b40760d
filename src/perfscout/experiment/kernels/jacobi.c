/* 2D Jacobi 5-point stencil on an n x n grid with fixed boundary, `iters` sweeps.
 * usage: jacobi N [iters] */
#include "ps_common.h"

int main(int argc, char **argv) {
  long n = ps_arg(argc, argv, 1, 1024);
  int iters = (int)ps_arg(argc, argv, 2, 50);
  double *u = calloc((size_t)(n * n), sizeof(double)), *v = calloc((size_t)(n * n), sizeof(double));
  if (!u || !v) { fprintf(stderr, "jacobi: out of memory for n=%ld\n", n); return 2; }
  for (long i = 0; i < n; i++) { u[i] = v[i] = 1.0; u[(n - 1) * n + i] = v[(n - 1) * n + i] = -0.5; }
  double t0 = ps_now();
  for (int it = 0; it < iters; it++) {
#pragma omp parallel for schedule(static)
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] +
                               u[i * n + j + 1]);
    double *w = u; u = v; v = w;
  }
  double t = ps_now() - t0;
  double sum = 0.0;
  for (long i = 0; i < n * n; i++) sum += u[i];
  double updates = (double)(n - 2) * (double)(n - 2) * iters;
  printf("PERFSCOUT kernel=jacobi n=%ld threads=%d time_s=%.6f metric=mlups value=%.1f "
         "bytes=%.0f checksum=%.17g\n", n, ps_threads(), t, updates / t / 1e6,
         2.0 * sizeof(double) * (double)n * (double)n * iters, sum);
  free(u); free(v);
  return 0;
}
