/* Velocity-model smoothing: slowness s[iy][ix] (row-major) averaged with its four neighbours.
   The nest runs ix outside and iy inside (stride nx through memory); -DGOOD swaps it.
   Prints a size row: n, sweeps, points, seconds, ns per point, nominal GB/s. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024, sweeps = argc > 2 ? atoi(argv[2]) : 10;
  double (*s)[n] = malloc(sizeof(double[n][n])), (*o)[n] = malloc(sizeof(double[n][n]));
  for (int iy = 0; iy < n; iy++) for (int ix = 0; ix < n; ix++) { s[iy][ix] = 1.0 / (1500.0 + iy + 0.5 * ix); o[iy][ix] = 0.0; }
  double t0 = now();
  for (int k = 0; k < sweeps; k++) {
#ifdef GOOD
    for (int iy = 1; iy < n - 1; iy++)
      for (int ix = 1; ix < n - 1; ix++)
#else
    for (int ix = 1; ix < n - 1; ix++)
      for (int iy = 1; iy < n - 1; iy++)
#endif
        o[iy][ix] = 0.5 * s[iy][ix] + 0.125 * (s[iy - 1][ix] + s[iy + 1][ix] + s[iy][ix - 1] + s[iy][ix + 1]);
    double (*t)[n] = s; s = o; o = t;
  }
  double sec = now() - t0, pts = (double)sweeps * (n - 2) * (n - 2);
  printf("n=%d sweeps=%d points=%.0f seconds=%.4f ns_per_point=%.2f nominal_GBps=%.2f check=%.6e\n", n, sweeps, pts, sec, 1e9 * sec / pts, 16.0 * pts / sec / 1e9, s[n / 2][n / 2]);
  return 0;
}
