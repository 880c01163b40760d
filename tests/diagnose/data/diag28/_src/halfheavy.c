/* schedule(static): the first half of the items takes 6 libm-heavy substeps, the rest 1 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200000, steps = argc > 2 ? atoi(argv[2]) : 4;
  double *u = malloc(n * sizeof *u);
  for (int i = 0; i < n; i++) u[i] = 0.5 + (i % 7) * 0.01;
  double busy[64] = {0};
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    for (int s = 0; s < steps; s++) {
      double t0 = tcpu();
#pragma omp for schedule(static) nowait
      for (int i = 0; i < n; i++) {
        int k = i < n / 2 ? 6 : 1;
        for (int j = 0; j < k; j++) u[i] = 0.5 * sin(u[i]) + 0.25 * exp(-u[i]);
      }
      busy[id] += tcpu() - t0;  /* the thread's own items, before it waits for the others */
#pragma omp barrier
    }
  }
  for (int t = 0; t < omp_get_max_threads(); t++) printf("thread %d busy=%.3f s\n", t, busy[t]);
  printf("u0=%.6f\n", u[0]);
  free(u);
  return 0;
}
