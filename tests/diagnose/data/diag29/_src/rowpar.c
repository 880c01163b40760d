/* Column relaxation: a parallel region opened for every short column. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define ROWS 48
int main(int argc, char **argv) {
  int ncol = argc > 1 ? atoi(argv[1]) : 20000, sweeps = argc > 2 ? atoi(argv[2]) : 10;
  double *a = malloc(sizeof(double) * ROWS * ncol);
  for (long i = 0; i < (long)ROWS * ncol; i++) a[i] = (i % 97) * 0.01;
  double t0 = omp_get_wtime();
  for (int s = 0; s < sweeps; s++)
    for (int c = 1; c < ncol; c++) {
#pragma omp parallel for
      for (int r = 0; r < ROWS; r++)
        a[(long)c * ROWS + r] = 0.5 * (a[(long)c * ROWS + r] + a[(long)(c - 1) * ROWS + r]);
    }
  double t = omp_get_wtime() - t0;
  printf("threads=%d columns=%d wall_s=%.4f a=%.6f\n", omp_get_max_threads(), ncol, t,
         a[(long)ROWS * ncol - 1]);
  free(a);
  return 0;
}
