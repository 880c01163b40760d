/* OpenMP w = a*x + b*y over three large arrays (24 B per element), repeated; prints the team size,
 * time and GB/s. Usage: waxpby N REPS */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 16000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 20;
  double *w = malloc(sizeof(double) * n), *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  int team = 1;
#pragma omp parallel
  {
#pragma omp single
    team = omp_get_num_threads();
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) { w[i] = 0; x[i] = 1.0 + (i & 7); y[i] = 2.0 - (i & 3); }
  }
  double t0 = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) w[i] = 1.5 * x[i] + 0.5 * y[i];
    x[r] += 1e-9;
  }
  double t = omp_get_wtime() - t0;
  printf("waxpby n=%ld (%.0f MB in 3 arrays) reps=%d threads=%d time=%.3f s  %.2f GB/s  w[7]=%.3f\n", n, 24.0 * n / 1e6, reps, team, t,
         24.0 * n * reps / t / 1e9, w[7]);
  return 0;
}
