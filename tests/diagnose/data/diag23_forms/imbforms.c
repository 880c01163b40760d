/* an OpenMP triangle (schedule(static)) that prints each thread's busy time in five shapes */
#include <omp.h>
#include <stdio.h>
#include <math.h>
int main(void) {
  const int n = 3000;
  double busy[2] = {0, 0}, acc = 0.0, t0 = omp_get_wtime();
#pragma omp parallel num_threads(2) reduction(+:acc)
  {
    double s0 = omp_get_wtime();
#pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      for (int j = 0; j < i; j++) acc += sqrt((double)(i ^ j) + 1.0);
    busy[omp_get_thread_num()] = omp_get_wtime() - s0;
  }
  double wall = omp_get_wtime() - t0;
  printf("thread times (s): %.4f %.4f\n", busy[0], busy[1]);
  printf("busy per thread = [%.4f, %.4f] s\n", busy[0], busy[1]);
  for (int t = 0; t < 2; t++) printf("[t%d] %.4fs\n", t, busy[t]);
  for (int t = 0; t < 2; t++) printf("Thread %d finished after %.1f ms\n", t, busy[t] * 1e3);
  printf("wall %.4f s (acc %.3e)\n", wall, acc);
  return 0;
}
