/* 5-point Jacobi sweep on a 2048x2048 grid, traversed column by column over a row-major
   array (j outer, i inner): every inner step jumps a whole row. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 2048
static double u[N][N], v[N][N];
int main(int argc, char **argv) {
  int iters = argc > 1 ? atoi(argv[1]) : 10;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) u[i][j] = (i * 7 + j) % 11;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int it = 0; it < iters; it++) {
    for (int j = 1; j < N - 1; j++)
      for (int i = 1; i < N - 1; i++)
        v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int j = 1; j < N - 1; j++)
      for (int i = 1; i < N - 1; i++) u[i][j] = v[i][j];
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("iters=%d time=%.3f s MLUP/s=%.1f\n", iters, t, 1e-6 * (N - 2.0) * (N - 2) * iters / t);
  printf("u=%g\n", u[N / 2][N / 2]);
  return 0;
}
