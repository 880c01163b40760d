/* Per-cell source terms summed with schedule(runtime): the schedule comes from OMP_SCHEDULE. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1500000;
  double sum = 0, cpu[64] = {0}; long cnt[64] = {0};
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    double c0 = tcpu(), s = 0; long k = 0;
#pragma omp for schedule(runtime) nowait
    for (long i = 0; i < n; i++) {
      double x = i * 1e-6;
      for (int j = 1; j <= 40; j++) s += sin(x * j) / j;
      k++;
    }
#pragma omp atomic
    sum += s;
    cpu[omp_get_thread_num()] = tcpu() - c0; cnt[omp_get_thread_num()] = k;
  }
  printf("n=%ld threads=%d sum=%.9f wall=%.3f s\n", n, omp_get_max_threads(), sum, omp_get_wtime() - t0);
  for (int i = 0; i < omp_get_max_threads(); i++) printf("thread %d cells=%ld cpu=%.3f s\n", i, cnt[i], cpu[i]);
  return 0;
}
