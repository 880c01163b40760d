/* Single-threaded arithmetic loop (no parallel region at all); prints the thread count the
   OpenMP runtime was asked for. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <omp.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 300000000L;
  double t0 = now(), s = 0;
  for (long i = 0; i < n; i++) { double v = (double)(i & 1023) * 1e-3; s += v * v * 0.5 + v * 0.25; }
  double t = now() - t0;
  printf("threads_requested=%d\ntime=%.4f s\nrate=%.3f Gupdates/s\ncheck=%g\n", omp_get_max_threads(), t, n / t / 1e9, s);
  return 0;
}
