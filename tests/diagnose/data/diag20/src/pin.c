/* The program pins itself to CPU 0 before its OpenMP region: every thread inherits the mask. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
  int pin = argc > 1 ? atoi(argv[1]) : 1;
  if (pin) { cpu_set_t s; CPU_ZERO(&s); CPU_SET(0, &s); sched_setaffinity(0, sizeof s, &s); }
  long n = 200000000L; double sum = 0; double t0 = omp_get_wtime();
#pragma omp parallel reduction(+:sum)
  {
    cpu_set_t m; sched_getaffinity(0, sizeof m, &m);
    double ts = omp_get_wtime();
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) sum += 1.0 / (double)(i + 1);
#pragma omp critical
    printf("thread %d on cpu %d (may run on %d cpus) busy %.3f s\n", omp_get_thread_num(),
           sched_getcpu(), CPU_COUNT(&m), omp_get_wtime() - ts);
  }
  printf("threads=%d sum=%.6f time=%.3f s\n", omp_get_max_threads(), sum, omp_get_wtime() - t0);
  return 0;
}
