/* lightning.c: lightning-strike density map from time-of-arrival fixes (OpenMP), strikes binned on a grid. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#define G 256
static long grid[G * G];
int main(int argc, char **argv) {
  long ns = argc > 1 ? atol(argv[1]) : 8000000L;
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
#ifdef PRIV
    long *mine = calloc(G * G, sizeof(long));
#endif
    unsigned s = 12345u + 977u * omp_get_thread_num();
#pragma omp for schedule(static)
    for (long i = 0; i < ns; i++) {
      s = s * 1664525u + 1013904223u; double ta = (s >> 8) * 1e-7;
      s = s * 1664525u + 1013904223u; double tb = (s >> 8) * 1e-7;
      double x = 0.5 * (ta - tb) + 0.5, y = 0.3 * ta + 0.2 * tb;      /* fix from arrival times */
      int gx = (int)(x * G) & (G - 1), gy = (int)(y * G) & (G - 1);
#ifdef PRIV
      mine[gy * G + gx]++;
#else
#pragma omp critical
      grid[gy * G + gx]++;
#endif
    }
#ifdef PRIV
#pragma omp critical
    for (int c = 0; c < G * G; c++) grid[c] += mine[c];
    free(mine);
#endif
  }
  double dt = omp_get_wtime() - t0;
  long tot = 0, mx = 0; for (int c = 0; c < G * G; c++) { tot += grid[c]; if (grid[c] > mx) mx = grid[c]; }
  printf("threads %d strikes %ld  time %.3f s  %.1f ns/strike  binned %ld  max cell %ld\n",
         omp_get_max_threads(), ns, dt, dt * 1e9 / ns, tot, mx);
  return 0;
}
