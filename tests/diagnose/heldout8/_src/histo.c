/* Energy histogram of particles: 16 bins, OpenMP parallel over particles, each update of a
   shared bin is an omp atomic. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define NB 16
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40000000L;
  float *e = malloc(n * sizeof *e);
  for (long i = 0; i < n; i++) e[i] = (float)((i * 2654435761UL) % 1000003) / 1000003.f;
  long hist[NB] = {0}; double cpu[64] = {0};
  double w0 = omp_get_wtime();
#pragma omp parallel
  {
    double c0 = tcpu();
#ifdef PRIVATE
    long mine[NB] = {0};
for (int r = 0; r < 5; r++)
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) mine[(int)(e[i] * NB)]++;
    for (int b = 0; b < NB; b++) {
#pragma omp atomic
      hist[b] += mine[b];
    }
#else
for (int r = 0; r < 5; r++)
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) {
      int b = (int)(e[i] * NB);
#pragma omp atomic
      hist[b]++;
    }
#endif
    cpu[omp_get_thread_num()] = tcpu() - c0;
  }
  double w = omp_get_wtime() - w0;
  printf("particles=%ld passes=5 bins=%d threads=%d first=%ld last=%ld\n", n, NB, omp_get_max_threads(), hist[0], hist[NB - 1]);
  for (int t = 0; t < omp_get_max_threads(); t++) printf("thread %d cpu_time=%.3f s\n", t, cpu[t]);
  printf("time=%.3f s\n", w);
  return 0;
}
