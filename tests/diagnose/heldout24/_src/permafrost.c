/* permafrost.c: OpenMP thaw-depth iteration per soil column, schedule(static); the last third of the columns (peat, ice-rich) need 40x the iterations; per-thread table (columns, iterations, busy, barrier wait); -DDYN schedule(dynamic,16). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 6000;
  int base = argc > 2 ? atoi(argv[2]) : 1500;
  double *depth = malloc(n * sizeof(double));
  double busy[64] = {0}, wait[64] = {0}; long cols[64] = {0}, its[64] = {0};
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    double s = omp_get_wtime();
#ifdef DYN
#pragma omp for schedule(dynamic, 16) nowait
#else
#pragma omp for schedule(static) nowait
#endif
    for (int j = 0; j < n; j++) {
      int it = (j >= 2 * n / 3) ? 40 * base : base;
      double z = 0.5, k = 1.0 + (j % 11) * 0.01;
      for (int m = 0; m < it; m++) z = z - 0.1 * (z * z * k - 0.3) / (z + 1.0);
      depth[j] = z; cols[id]++; its[id] += it;
    }
    double e = omp_get_wtime();
#pragma omp barrier
    busy[id] = e - s; wait[id] = omp_get_wtime() - e;
  }
  double t = omp_get_wtime() - t0;
  double sum = 0; for (int j = 0; j < n; j++) sum += depth[j];
  printf("permafrost: columns=%d threads=%d time=%.3f s  mean depth=%.6f\n", n, omp_get_max_threads(), t, sum / n);
  printf("thread  columns  iterations   busy_s   wait_s\n");
  for (int i = 0; i < omp_get_max_threads(); i++) printf("%6d %8ld %11ld %8.3f %8.3f\n", i, cols[i], its[i], busy[i], wait[i]);
  return 0;
}
