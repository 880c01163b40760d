/* pollen.c: OpenMP pollen-dispersion concentration update on a strip of 20 M cells, four arrays read and one written per cell (40 bytes in double); -DFLOAT the same in float. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#ifdef FLOAT
typedef float real;
#else
typedef double real;
#endif
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000000L;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  real *c = malloc(n * sizeof(real)), *cn = malloc(n * sizeof(real));
  real *u = malloc(n * sizeof(real)), *s = malloc(n * sizeof(real)), *k = malloc(n * sizeof(real));
#pragma omp parallel for
  for (long i = 0; i < n; i++) { c[i] = 1.0f + (i % 97) * 0.01f; cn[i] = c[i]; u[i] = 0.3f; s[i] = (i % 13) * 0.001f; k[i] = 0.02f; }
  double t0 = omp_get_wtime();
  for (int st = 0; st < steps; st++) {
#pragma omp parallel for
    for (long i = 1; i < n - 1; i++)
      cn[i] = c[i] + (real)0.1 * (u[i] * (c[i + 1] - c[i - 1]) + s[i] - k[i] * c[i]);
    real *t = c; c = cn; cn = t;
  }
  double t = omp_get_wtime() - t0;
  double sum = 0; for (long i = 0; i < n; i += 1000) sum += c[i];
  printf("pollen: cells=%ld steps=%d threads=%d bytes/value=%zu time=%.3f s  %.2f GB/s  check=%.6e\n", n, steps,
         omp_get_max_threads(), sizeof(real), t, 5.0 * sizeof(real) * n * steps / t / 1e9, sum);
  return 0;
}
