/* OpenMP explicit-Euler update of a large set of independent decays; prints the team size seen
 * inside the parallel region, wall and CPU time. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double pcpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 30;
  const int n = 2000000;
  double *y = malloc(sizeof(double) * n), *k = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) {
    y[i] = 1.0;
    k[i] = 0.5 + (i % 100) * 0.01;
  }
  int team = 0;
  double w0 = omp_get_wtime(), c0 = pcpu();
  for (int s = 0; s < steps; s++) {
#pragma omp parallel
    {
#pragma omp single
      team = omp_get_num_threads();
#pragma omp for schedule(static)
      for (int i = 0; i < n; i++) y[i] = y[i] - 1e-3 * k[i] * y[i] + 1e-4 * sin(y[i]);
    }
  }
  double w = omp_get_wtime() - w0, c = pcpu() - c0;
  double s = 0;
  for (int i = 0; i < n; i++) s += y[i];
  printf("omp_get_max_threads=%d team_size_in_region=%d steps=%d wall_s=%.3f cpu_s=%.3f sum=%.6f\n",
         omp_get_max_threads(), team, steps, w, c, s);
  return 0;
}
