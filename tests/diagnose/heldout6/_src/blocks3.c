/* Three equal field blocks relaxed in parallel: omp for over the blocks only. */
#include <math.h>
#include <omp.h>
#include <time.h>
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#include <stdio.h>
#include <stdlib.h>
#define NB 3
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  int sweeps = argc > 2 ? atoi(argv[2]) : 20;
  double *f = malloc(sizeof(double) * NB * n);
  for (long i = 0; i < NB * n; i++) f[i] = (i % 100) * 0.01;
  double busy[64] = {0};
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    double b0 = tcpu();
#pragma omp for schedule(static) nowait
    for (int b = 0; b < NB; b++)
      for (int s = 0; s < sweeps; s++)
        for (long i = 0; i < n; i++) f[b * n + i] = 0.5 * f[b * n + i] + 0.25 * sin(f[b * n + i]);
    busy[omp_get_thread_num()] = tcpu() - b0;
  }
  double t = omp_get_wtime() - t0;
  printf("blocks=%d threads=%d wall=%.3f s\n", NB, omp_get_max_threads(), t);
  for (int i = 0; i < omp_get_max_threads(); i++) printf("thread %d cpu=%.3f s\n", i, busy[i]);
  printf("check=%.6f\n", f[n / 2] + f[2 * n + 7]);
  return 0;
}
