/* pairtri: OpenMP pair-correlation histogram; row i visits pairs j > i (the rows get shorter) under schedule(static). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
#define NB 64
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 12000;
  double *px = malloc(sizeof(double) * n), *py = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) { px[i] = (i * 7919 % 1000) / 1000.0; py[i] = (i * 104729 % 1000) / 1000.0; }
  long hist[NB] = {0};
  int nt = omp_get_max_threads();
  double busy[64] = {0}, waitt[64] = {0}; long pairs[64] = {0};
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    long h[NB] = {0}; long np = 0;
    double b0 = omp_get_wtime();
#pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++) {
        double dx = px[i] - px[j], dy = py[i] - py[j];
        int b = (int)(sqrt(dx * dx + dy * dy) * 45.0);
        h[b < NB ? b : NB - 1]++; np++;
      }
    double b1 = omp_get_wtime();
#pragma omp barrier
    double b2 = omp_get_wtime();
    busy[id] = b1 - b0; waitt[id] = b2 - b1; pairs[id] = np;
#pragma omp critical
    for (int k = 0; k < NB; k++) hist[k] += h[k];
  }
  double t = omp_get_wtime() - t0;
  printf("particles=%d threads=%d seconds=%.4f hist0=%ld\n", n, nt, t, hist[0]);
  printf("thread  pairs        busy_s   wait_s\n");
  for (int k = 0; k < nt; k++) printf("%6d  %-11ld  %.4f   %.4f\n", k, pairs[k], busy[k], waitt[k]);
  return 0;
}
