/* lidarvox.c: canopy-height column statistics of a lidar voxel grid g[y][x] (row-major), per x column. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  long work = argc > 2 ? atol(argv[2]) : 268435456L;
  int reps = (int)(work / ((long)n * n)); if (reps < 1) reps = 1;
  float *g = malloc((size_t)n * n * sizeof(float));
  double *colmax = calloc(n, sizeof(double)), *colsum = calloc(n, sizeof(double));
  for (long i = 0; i < (long)n * n; i++) g[i] = (float)((i * 2654435761u) % 1000) * 0.03f;
  double t0 = now();
  for (int r = 0; r < reps; r++) {
#ifdef ROWS
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++) {
        float v = g[(size_t)y * n + x];
        colsum[x] += v; if (v > colmax[x]) colmax[x] = v;
      }
#else
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++) {
        float v = g[(size_t)y * n + x];
        colsum[x] += v; if (v > colmax[x]) colmax[x] = v;
      }
#endif
  }
  double dt = now() - t0;
  printf("n %5d reps %4d voxels %ld  time %.3f s  %.2f ns/voxel  sum0 %.1f max0 %.2f\n", n, reps,
         (long)reps * n * n, dt, dt * 1e9 / ((double)reps * n * n), colsum[0], colmax[0]);
  return 0;
}
