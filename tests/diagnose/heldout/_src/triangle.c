/* Triangular work under schedule(static): the thread with the last rows does most of it. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 24000;
  double total = 0, t0 = omp_get_wtime();
#pragma omp parallel reduction(+ : total)
  {
    double b0 = omp_get_wtime();
#pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      for (int j = 0; j < i; j++) total += (double)(j & 255) * 1e-6;
    double busy = omp_get_wtime() - b0;
#pragma omp barrier
#pragma omp critical
    printf("thread=%d busy=%.4f s\n", omp_get_thread_num(), busy);
  }
  printf("threads=%d\ntime=%.4f s\ncheck=%g\n", omp_get_max_threads(), omp_get_wtime() - t0, total);
  return 0;
}
