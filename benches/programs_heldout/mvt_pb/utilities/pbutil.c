/* pbutil: timer (prints the kernel's seconds as a bare number), aligned allocation, checksum */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "pbutil.h"

static double t_start, t_end;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1.0e-9 * (double)ts.tv_nsec;
}

void *pb_alloc_data(size_t n, size_t elt_size) {
  void *p = NULL;
  if (posix_memalign(&p, 64, n * elt_size) != 0 || p == NULL) {
    fprintf(stderr, "[pbutil] allocation of %zu bytes failed\n", n * elt_size);
    exit(1);
  }
  return p;
}

void pb_free_data(void *p) { free(p); }
void pb_timer_start(void) { t_start = now(); }
void pb_timer_stop(void) { t_end = now(); }
void pb_timer_print(void) { printf("%0.6f\n", t_end - t_start); }

void pb_checksum(const char *name, const double *p, size_t n) {
  double s = 0.0;
  for (size_t i = 0; i < n; i++)
    s += p[i] * (double)(1 + i % 7);
  fprintf(stderr, "==BEGIN CHECKSUM==\n%s: %.10e\n==END CHECKSUM==\n", name, s);
}
