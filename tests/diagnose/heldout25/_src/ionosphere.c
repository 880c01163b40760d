/* Ionosphere electron density: ne += dt*(q - alpha*ne^2) - dt*div over 3 large arrays per height cell (OpenMP); -DFLOAT float. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#ifdef FLOAT
typedef float real;
#else
typedef double real;
#endif
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 16000000; int steps = argc > 2 ? atoi(argv[2]) : 20;
  real *ne = malloc(n * sizeof *ne), *q = malloc(n * sizeof *q), *dv = malloc(n * sizeof *dv);
  #pragma omp parallel for
  for (long i = 0; i < n; i++) { ne[i] = 1e5; q[i] = 10 + i % 7; dv[i] = 1e-3 * (i % 5); }
  double t0 = omp_get_wtime();
  for (int s = 0; s < steps; s++) {
    #pragma omp parallel for
    for (long i = 0; i < n; i++)
      ne[i] = ne[i] + (real)0.01 * (q[i] - (real)1e-9 * ne[i] * ne[i]) - (real)0.01 * dv[i];
  }
  double t = omp_get_wtime() - t0;
  double bytes = (double)n * steps * 4 * sizeof(real);
  printf("ionosphere threads=%d bytes/elem=%zu steps=%d time %.3f s  %.2f GB/s  ne[7]=%.4e\n", omp_get_max_threads(), 4 * sizeof(real), steps, t, bytes / t / 1e9, (double)ne[7]);
  return 0;
}
