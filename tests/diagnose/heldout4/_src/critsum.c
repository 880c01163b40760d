/* Parallel weighted sum where every update goes through a critical section. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000000;
  int fixed = argc > 2 ? atoi(argv[2]) : 0;
  double sum = 0.0, t0 = omp_get_wtime();
  if (fixed) {
#pragma omp parallel for reduction(+ : sum)
    for (long i = 0; i < n; i++) sum += 1.0 / (1.0 + (double)i * i);
  } else {
#pragma omp parallel for
    for (long i = 0; i < n; i++) {
      double w = 1.0 / (1.0 + (double)i * i);
#pragma omp critical
      sum += w;
    }
  }
  printf("threads=%d n=%ld sum=%.12f time=%.3f s\n", omp_get_max_threads(), n, sum, omp_get_wtime() - t0);
  return 0;
}
