/* Equal work per thread: run with more OpenMP threads than CPUs, the threads take turns. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40000000;
  double s = 0, t0 = omp_get_wtime();
  int team = 0;
#pragma omp parallel reduction(+ : s)
  {
#pragma omp single
    team = omp_get_num_threads();
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) s += (double)(i % 7) * 1e-9;
  }
  printf("oversub: %d threads, %ld items: %.3f s, s=%.4f\n", team, n, omp_get_wtime() - t0, s);
  return 0;
}
