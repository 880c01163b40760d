/* compute-bound two-thread loop: each thread does the same work */
#include <omp.h>
#include <stdio.h>
#include <math.h>
int main(void) {
  double total = 0.0;
  double t0 = omp_get_wtime();
#pragma omp parallel reduction(+:total)
  {
    double acc = 0.0;
    for (long i = 1; i < 60000000L; i++) acc += 1.0 / (double)(i * i + omp_get_thread_num());
    total += acc;
  }
  double t1 = omp_get_wtime();
  printf("result = %.12f\n", total);
  printf("wall_time = %.3f s, threads = %d\n", t1 - t0, omp_get_max_threads());
  return 0;
}
