/* pricegrid.c: finance, OpenMP revaluation of a book of 12 M positions per market scenario:
   value = qty * (spot * delta + carry) written to a new array, four double arrays streamed per
   position (32 bytes read, 8 written). -DFLOAT stores the arrays in float. Argument: scenarios. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#ifdef FLOAT
typedef float real;
#else
typedef double real;
#endif
#define N 12000000L
int main(int argc, char **argv) {
  int sc = argc > 1 ? atoi(argv[1]) : 20;
  real *q = malloc(N * sizeof(real)), *s = malloc(N * sizeof(real)), *d = malloc(N * sizeof(real)), *c = malloc(N * sizeof(real)), *v = malloc(N * sizeof(real));
#pragma omp parallel for schedule(static)
  for (long i = 0; i < N; i++) { q[i] = 1 + i % 97; s[i] = 100 + i % 13; d[i] = 0.5 + (i % 7) * 0.01; c[i] = 0.02; v[i] = 0; }
  double t0 = omp_get_wtime(), tot = 0;
  for (int k = 0; k < sc; k++) {
    real shock = 1 + 0.001 * k;
#pragma omp parallel for schedule(static)
    for (long i = 0; i < N; i++) v[i] = q[i] * (s[i] * shock * d[i] + c[i]);
    tot += v[k];
  }
  double t = omp_get_wtime() - t0;
  double bytes = (double)sc * N * 5 * sizeof(real);
  printf("pricegrid threads %d scenarios %d real %zu bytes time %.3f s  %.2f GB/s  check %.3f\n", omp_get_max_threads(), sc, sizeof(real), t, bytes / t * 1e-9, tot);
  return 0;
}
