/* Mandelbrot rows with schedule(static): the rows near the set cost far more than the rest,
   so the thread holding them works while the other waits. Prints each thread's busy time. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1200, maxit = 2000;
  long total = 0;
  double busy[64] = {0};
  double t0 = omp_get_wtime();
#pragma omp parallel reduction(+:total)
  {
    double b0 = omp_get_wtime();
#pragma omp for schedule(static) nowait
    for (int row = 0; row < n; row++) {
      double ci = -1.0 + 1.0 * row / n;  /* only the upper half-plane: the cost is skewed */
      for (int col = 0; col < n; col++) {
        double cr = -2.0 + 2.5 * col / n, zr = 0, zi = 0;
        int k = 0;
        while (k < maxit && zr * zr + zi * zi < 4.0) {
          double t = zr * zr - zi * zi + cr; zi = 2 * zr * zi + ci; zr = t; k++;
        }
        total += k;
      }
    }
    busy[omp_get_thread_num()] = omp_get_wtime() - b0;
  }
  double t = omp_get_wtime() - t0;
  for (int i = 0; i < omp_get_max_threads(); i++)
    printf("thread %d busy %.3f s\n", i, busy[i]);
  printf("threads=%d time=%.3f s\n", omp_get_max_threads(), t);
  printf("iterations=%ld\n", total);
  return 0;
}
