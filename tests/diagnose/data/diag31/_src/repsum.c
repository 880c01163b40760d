/* The same OpenMP reduction timed several times: prints a "rep seconds Mitems/s" table. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  double *a = malloc(n * sizeof *a), s = 0;
  for (long i = 0; i < n; i++) a[i] = (double)(i % 101) * 1e-2;
  printf("repsum n=%ld threads=%d\n", n, omp_get_max_threads());
  printf("rep   seconds   Mitems/s\n");
  for (int r = 1; r <= reps; r++) {
    double t0 = omp_get_wtime();
#pragma omp parallel for reduction(+ : s) schedule(static)
    for (long i = 0; i < n; i++) s += sin(a[i]) * cos(a[i] + r);
    double el = omp_get_wtime() - t0;
    printf("%3d   %7.3f   %8.2f\n", r, el, n / el / 1e6);
  }
  printf("sum %.6e\n", s);
  return 0;
}
