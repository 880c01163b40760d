/* Shared helpers of the perfscout bundled kernels: wall clock and the thread count. */
#ifndef PS_COMMON_H
#define PS_COMMON_H
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
static double ps_now(void) { return omp_get_wtime(); }
static int ps_threads(void) { return omp_get_max_threads(); }
#else
#include <time.h>
static double ps_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static int ps_threads(void) { return 1; }
#endif
static long ps_arg(int argc, char **argv, int i, long dflt) {
  return argc > i ? atol(argv[i]) : dflt;
}
#endif
