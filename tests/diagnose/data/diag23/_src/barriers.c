/* many short parallel regions with a barrier each: run with more threads than cores */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  const int n = 20000, steps = 3000;
  double *x = malloc(n * sizeof *x);
  for (int i = 0; i < n; i++) x[i] = i * 1e-3;
  double t0 = omp_get_wtime();
  for (int s = 0; s < steps; s++) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++) x[i] = x[i] * 0.999 + 1e-4;
  }
  double t1 = omp_get_wtime();
  printf("steps: %d  threads: %d  wall: %.3f s  per step: %.1f us\n", steps,
         omp_get_max_threads(), t1 - t0, (t1 - t0) / steps * 1e6);
  printf("x[7]=%g\n", x[7]);
  free(x);
  return 0;
}
