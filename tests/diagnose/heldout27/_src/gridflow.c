/* gridflow.c power grid: OpenMP nodal power-injection update over all buses, four arrays read, one written per bus. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#ifdef FLOAT
typedef float real;
#else
typedef double real;
#endif
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 6000000;
  int reps = 20;
  real *v = malloc(n * sizeof(real)), *th = malloc(n * sizeof(real)), *g = malloc(n * sizeof(real)), *b = malloc(n * sizeof(real)), *p = malloc(n * sizeof(real));
#pragma omp parallel for
  for (long i = 0; i < n; i++) { v[i] = 1.0 + 1e-3 * (i % 7); th[i] = 0.01 * (i % 13); g[i] = 0.5; b[i] = -2.0; p[i] = 0; }
  double t0 = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel for
    for (long i = 0; i < n; i++)
      p[i] = v[i] * v[i] * g[i] + v[i] * th[i] * b[i];
  }
  double t = omp_get_wtime() - t0;
  double s = 0; for (long i = 0; i < n; i += 1000) s += p[i];
  printf("threads %d buses %ld seconds %.3f GB/s %.2f check %.4f\n", omp_get_max_threads(), n, t, 5.0 * n * sizeof(real) * reps / t / 1e9, s);
  return 0;
}
