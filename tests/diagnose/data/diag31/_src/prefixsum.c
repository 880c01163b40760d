/* A grid update whose setup (a running prefix over the cells, carried from cell to cell) is
 * serial and whose update loop is OpenMP: with two threads the serial part holds most of the
 * run. Prints its phases. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000;
  int reps = argc > 2 ? atoi(argv[2]) : 20;
  double *a = malloc(n * sizeof *a), *c = malloc(n * sizeof *c);
  for (long i = 0; i < n; i++) a[i] = (double)(i % 97) * 1e-3;
  double ts = 0, tp = 0, chk = 0;
  for (int r = 0; r < reps; r++) {
    double t0 = omp_get_wtime();
    double run = 0;
    for (long i = 0; i < n; i++) {  /* serial: each cell needs the one before */
      run = 0.999 * run + a[i];
      for (int k = 0; k < 6; k++) run = run * 0.9999 + 1e-9 * k;
      c[i] = run;
    }
    double t1 = omp_get_wtime();
#pragma omp parallel for reduction(+ : chk)
    for (long i = 0; i < n; i++) chk += c[i] * 1e-6;
    tp += omp_get_wtime() - t1;
    ts += t1 - t0;
  }
  printf("prefixsum: %d threads, %ld cells x %d reps\n", omp_get_max_threads(), n, reps);
  printf("setup (serial) %.3f s  update (omp) %.3f s  total %.3f s  check %.6e\n", ts, tp,
         ts + tp, chk);
  return 0;
}
