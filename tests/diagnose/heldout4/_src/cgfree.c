/* Matrix-free conjugate gradient on the 2-D 5-point Laplacian (n x n grid), OpenMP.
   Prints per-run time, iterations and the bandwidth of the vector traffic. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void apply(int n, const double *p, double *q) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double c = 4.0 * p[(long)i * n + j];
      if (i > 0) c -= p[(long)(i - 1) * n + j];
      if (i < n - 1) c -= p[(long)(i + 1) * n + j];
      if (j > 0) c -= p[(long)i * n + j - 1];
      if (j < n - 1) c -= p[(long)i * n + j + 1];
      q[(long)i * n + j] = c;
    }
}

static double dot(long m, const double *a, const double *b) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s) schedule(static)
  for (long k = 0; k < m; k++) s += a[k] * b[k];
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  int iters = argc > 2 ? atoi(argv[2]) : 40;
  int runs = argc > 3 ? atoi(argv[3]) : 3;
  long m = (long)n * n;
  double *x = malloc(m * 8), *r = malloc(m * 8), *p = malloc(m * 8), *q = malloc(m * 8);
  for (int run = 0; run < runs; run++) {
#pragma omp parallel for schedule(static)
    for (long k = 0; k < m; k++) { x[k] = 0.0; r[k] = 1.0; p[k] = 1.0; }
    double rr = dot(m, r, r);
    double t0 = omp_get_wtime();
    for (int it = 0; it < iters; it++) {
      apply(n, p, q);
      double alpha = rr / dot(m, p, q);
#pragma omp parallel for schedule(static)
      for (long k = 0; k < m; k++) { x[k] += alpha * p[k]; r[k] -= alpha * q[k]; }
      double rr2 = dot(m, r, r);
      double beta = rr2 / rr;
      rr = rr2;
#pragma omp parallel for schedule(static)
      for (long k = 0; k < m; k++) p[k] = r[k] + beta * p[k];
    }
    double t = omp_get_wtime() - t0;
    /* bytes per iteration: apply 2, dot(p,q) 2, x/r update 5, dot(r,r) 1, p update 3 vectors */
    double gb = 13.0 * 8.0 * m * iters / 1e9;
    printf("run=%d threads=%d n=%d iterations=%d time=%.3f s residual=%.3e bandwidth=%.2f GB/s\n", run,
           omp_get_max_threads(), n, iters, t, rr, gb / t);
  }
  return 0;
}
