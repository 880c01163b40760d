/* polybench.c: allocation, cache flush and the wall-clock timer of polybench.h */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "polybench.h"

#ifndef POLYBENCH_CACHE_SIZE_KB
# define POLYBENCH_CACHE_SIZE_KB 8192
#endif

static double polybench_t_start, polybench_t_end;

static double rtclock(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1.0e-9;
}

void *polybench_alloc_data(unsigned long long n, int elt_size)
{
  void *ret = NULL;
  size_t bytes = (size_t) n * (size_t) elt_size;
  if (posix_memalign(&ret, 64, bytes) != 0 || ret == NULL) {
    fprintf(stderr, "[PolyBench] posix_memalign: cannot allocate memory\n");
    exit(1);
  }
  return ret;
}

/* Touch a buffer larger than the last-level cache so every kernel starts cold. */
void polybench_flush_cache(void)
{
  size_t cs = POLYBENCH_CACHE_SIZE_KB * 1024 / sizeof(double);
  double *flush = (double *) calloc(cs, sizeof(double));
  double tmp = 0.0;
  size_t i;
  if (flush == NULL)
    return;
  for (i = 0; i < cs; i++)
    tmp += flush[i];
  if (tmp > 10.0)
    fprintf(stderr, "[PolyBench] flush: impossible sum\n");
  free(flush);
}

void polybench_timer_start(void)
{
  polybench_flush_cache();
  polybench_t_start = rtclock();
}

void polybench_timer_stop(void)
{
  polybench_t_end = rtclock();
}

void polybench_timer_print(void)
{
  printf("%0.6f\n", polybench_t_end - polybench_t_start);
}
