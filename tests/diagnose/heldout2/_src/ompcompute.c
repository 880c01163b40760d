/* Evenly split compute-bound OpenMP loop (sin/cos per element), many parallel regions. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
int main(int argc, char **argv) {
  int regions = argc > 1 ? atoi(argv[1]) : 400;
  long n = argc > 2 ? atol(argv[2]) : 40000;
  double s = 0, t0 = omp_get_wtime();
  for (int r = 0; r < regions; r++) {
#pragma omp parallel for reduction(+:s) schedule(static)
    for (long i = 0; i < n; i++) s += sin(i * 1e-3 + r) * cos(i * 2e-3);
  }
  double t = omp_get_wtime() - t0;
  printf("threads=%d time=%.3f s\n", omp_get_max_threads(), t);
  printf("s=%g\n", s);
  return 0;
}
