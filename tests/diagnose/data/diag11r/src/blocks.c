/* Five equal blocks of cells shared out block by block over the threads: with two threads one
 * thread runs three blocks, the other two. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#define NB 5
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 400000;
  int sweeps = argc > 2 ? atoi(argv[2]) : 10;
  double *u = calloc(NB * n, sizeof(double)), tot = 0;
  double t0 = omp_get_wtime();
  for (int s = 0; s < sweeps; s++) {
#pragma omp parallel for schedule(static, 1) reduction(+ : tot)
    for (int b = 0; b < NB; b++)
      for (long i = 0; i < n; i++) { u[b * n + i] = cos(u[b * n + i] + 0.001 * i); tot += u[b * n + i]; }
  }
  printf("blocks=%d cells=%ld threads=%d time=%.3f s sum=%.4f\n", NB, n, omp_get_max_threads(), omp_get_wtime() - t0, tot);
  return 0;
}
