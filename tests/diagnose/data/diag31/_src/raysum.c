/* Equal work per item over an OpenMP team: reports the team's size and where each thread
 * runs (OMP_DISPLAY_AFFINITY does the latter). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000;
  int steps = argc > 2 ? atoi(argv[2]) : 2000;
  double sum = 0, t0 = omp_get_wtime();
#pragma omp parallel for reduction(+ : sum) schedule(static)
  for (long i = 0; i < n; i++) {
    double x = 1.0 + (double)i / n, acc = 0;
    for (int s = 0; s < steps; s++) acc += sin(x * s) * 1e-3;
    sum += acc;
  }
  printf("raysum: team of %d threads, %ld items x %d steps: %.3f s, sum %.6f\n",
         omp_get_max_threads(), n, steps, omp_get_wtime() - t0, sum);
  return 0;
}
