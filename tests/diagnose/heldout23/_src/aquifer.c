/* aquifer.c: groundwater head update (OpenMP), 24 M cells, three arrays read and one written per cell. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#ifdef FLOAT
typedef float real;
#else
typedef double real;
#endif
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 24000000L;
  int steps = argc > 2 ? atoi(argv[2]) : 20;
  real *h = malloc(n * sizeof(real)), *k = malloc(n * sizeof(real));
  real *q = malloc(n * sizeof(real)), *hn = malloc(n * sizeof(real));
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) { h[i] = 1.0 + (i % 97) * 1e-3; k[i] = 0.5 + (i % 13) * 1e-2; q[i] = (i % 7) * 1e-4; hn[i] = 0; }
  double t0 = omp_get_wtime();
  for (int s = 0; s < steps; s++) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
      hn[i] = h[i] + 0.1f * k[i] * (q[i] - 0.01f * h[i]);
    real *t = h; h = hn; hn = t;
  }
  double dt = omp_get_wtime() - t0;
  double bytes = (double)n * steps * 4 * sizeof(real);
  printf("threads %d cells %ld steps %d real %zu bytes  time %.3f s  %.2f GB/s  h[7]=%.6f\n",
         omp_get_max_threads(), n, steps, sizeof(real), dt, bytes / dt / 1e9, (double)h[7]);
  return 0;
}
