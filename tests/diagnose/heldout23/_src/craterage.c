/* craterage.c: crater degradation ages per planetary-surface tile (OpenMP); dense craters on the old highlands. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
#define NT 4000
int main(int argc, char **argv) {
  int sweeps = argc > 1 ? atoi(argv[1]) : 6;
  static int ncr[NT]; static double age[NT];
  for (int t = 0; t < NT; t++) ncr[t] = t < NT / 2 ? 400 : 40;   /* highlands first, maria after */
  double busy[64] = {0}, wait[64] = {0}; long tiles[64] = {0}, craters[64] = {0};
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    int me = omp_get_thread_num();
    double b = 0, wt = 0; long nt = 0, nc = 0;
    for (int s = 0; s < sweeps; s++) {
      double a = omp_get_wtime();
#ifdef DYN
#pragma omp for schedule(dynamic, 8) nowait
#else
#pragma omp for schedule(static) nowait
#endif
      for (int t = 0; t < NT; t++) {
        double d = 0;
        for (int c = 0; c < ncr[t]; c++) {
          double r = 1.0 + 0.37 * ((t * 131 + c * 17) % 101);
          for (int k = 0; k < 40; k++) d += r / (1.0 + k * 0.01 * r);
        }
        age[t] = d / (ncr[t] + 1); nt++; nc += ncr[t];
      }
      double m = omp_get_wtime();
#pragma omp barrier
      b += m - a; wt += omp_get_wtime() - m;
    }
    busy[me] = b; wait[me] = wt; tiles[me] = nt; craters[me] = nc;
  }
  double dt = omp_get_wtime() - t0;
  printf("threads %d tiles %d sweeps %d  time %.3f s  age[0] %.4f\n", omp_get_max_threads(), NT, sweeps, dt, age[0]);
  printf("thread  tiles   craters   busy_s  wait_s\n");
  for (int i = 0; i < omp_get_max_threads(); i++)
    printf("%6d %6ld %9ld %8.3f %7.3f\n", i, tiles[i], craters[i], busy[i], wait[i]);
  return 0;
}
