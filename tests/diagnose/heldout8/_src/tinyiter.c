/* Cell flags update: for each of 20 M cells a cheap test-and-set, parallelised with
   OpenMP schedule(dynamic,1). Prints per-thread CPU time. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000000L;
  float *phi = malloc(n * sizeof *phi); unsigned char *flag = malloc(n);
  for (long i = 0; i < n; i++) phi[i] = (float)((i * 7919) % 1000) - 500.f;
  double cpu[64] = {0}; long mark = 0;
  double w0 = omp_get_wtime();
#pragma omp parallel reduction(+ : mark)
  {
    double c0 = tcpu();
for (int r = 0; r < 10; r++) {
#ifdef STATIC
#pragma omp for schedule(static)
#else
#pragma omp for schedule(dynamic, 1)
#endif
    for (long i = 0; i < n; i++) { flag[i] = phi[i] < 0.f; mark += flag[i]; }
}
    cpu[omp_get_thread_num()] = tcpu() - c0;
  }
  double w = omp_get_wtime() - w0;
  printf("cells=%ld passes=10 threads=%d marked=%ld\n", n, omp_get_max_threads(), mark);
  for (int t = 0; t < omp_get_max_threads(); t++) printf("thread %d cpu_time=%.3f s\n", t, cpu[t]);
  printf("time=%.3f s\n", w);
  return 0;
}
