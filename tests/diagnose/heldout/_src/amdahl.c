/* A serial phase (about 60% of the one-thread time) followed by a parallel phase. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 60000000L;
  double t0 = omp_get_wtime(), s = 0, p = 0;
  for (long i = 0; i < 3 * n; i++) { double v = (double)(i & 511) * 1e-3; s += v * v + 0.5 * v; }
  double t1 = omp_get_wtime();
#pragma omp parallel for reduction(+ : p) schedule(static)
  for (long i = 0; i < 2 * n; i++) { double v = (double)(i & 511) * 1e-3; p += v * v + 0.5 * v; }
  double t2 = omp_get_wtime();
  printf("threads=%d\nserial_time=%.4f s\nparallel_time=%.4f s\ntime=%.4f s\ncheck=%g\n",
         omp_get_max_threads(), t1 - t0, t2 - t1, t2 - t0, s + p);
  return 0;
}
