/* Equal-work OpenMP integration of 4/(1+x^2) with per-thread busy times. */
#include <omp.h>
#include <time.h>
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 400000000L;
  double h = 1.0 / n, sum = 0, busy[64] = {0};
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    double b0 = tcpu(), s = 0;
#pragma omp for schedule(static) nowait
    for (long i = 0; i < n; i++) { double x = (i + 0.5) * h; s += 4.0 / (1.0 + x * x); }
#pragma omp atomic
    sum += s;
    busy[omp_get_thread_num()] = tcpu() - b0;
  }
  printf("n=%ld threads=%d pi=%.12f wall=%.3f s\n", n, omp_get_max_threads(), sum * h, omp_get_wtime() - t0);
  for (int i = 0; i < omp_get_max_threads(); i++) printf("thread %d cpu=%.3f s\n", i, busy[i]);
  return 0;
}
