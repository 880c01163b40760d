/* A 2-D diffusion solver that "pins the main thread for reproducible timings" with
   sched_setaffinity before its OpenMP region; the OpenMP threads inherit the mask. */
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define NX 1024
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static double pcpu(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 60;
#ifndef NOPIN
  cpu_set_t set; CPU_ZERO(&set); CPU_SET(0, &set);
  sched_setaffinity(0, sizeof set, &set); /* reproducible timings */
#endif
  static double a[NX][NX], b[NX][NX];
  for (int i = 0; i < NX; i++) for (int j = 0; j < NX; j++) a[i][j] = (i == NX / 2 && j == NX / 2) ? 1e6 : 0;
  double cpu[64] = {0};
  double w0 = omp_get_wtime(), p0 = pcpu();
#pragma omp parallel
  {
    double c0 = tcpu();
    for (int s = 0; s < steps; s++) {
#pragma omp for schedule(static)
      for (int i = 1; i < NX - 1; i++)
        for (int j = 1; j < NX - 1; j++) b[i][j] = a[i][j] + 0.2 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1] - 4 * a[i][j]);
#pragma omp for schedule(static)
      for (int i = 1; i < NX - 1; i++)
        for (int j = 1; j < NX - 1; j++) a[i][j] = b[i][j];
    }
    cpu[omp_get_thread_num()] = tcpu() - c0;
    cpu_set_t m; sched_getaffinity(0, sizeof m, &m);
#pragma omp critical
    printf("thread %d may run on %d cpu(s), last on cpu %d\n", omp_get_thread_num(), CPU_COUNT(&m), sched_getcpu());
  }
  double w = omp_get_wtime() - w0, p = pcpu() - p0;
  printf("grid=%dx%d steps=%d threads=%d center=%.6f\n", NX, NX, steps, omp_get_max_threads(), a[NX / 2][NX / 2]);
  for (int t = 0; t < omp_get_max_threads(); t++) printf("thread %d cpu_time=%.3f s\n", t, cpu[t]);
  printf("time=%.3f s\nprocess_cpu_time=%.3f s\ncpu_utilization=%.2f\n", w, p, p / w);
  return 0;
}
