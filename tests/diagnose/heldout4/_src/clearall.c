/* Histogram of particle cells: the whole 64 MB cell grid is cleared before each of the
   small batches, although a batch touches only a few thousand cells. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
  long cells = argc > 1 ? atol(argv[1]) : 8L << 20; /* 8 Mi doubles = 64 MB */
  int batches = argc > 2 ? atoi(argv[2]) : 60;
  int fixed = argc > 3 ? atoi(argv[3]) : 0;
  double *g = calloc(cells, sizeof *g), sum = 0.0, tclear = 0.0;
  long *hit = malloc(4096 * sizeof *hit);
  unsigned s = 99;
  struct timespec a, b, c;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (int bt = 0; bt < batches; bt++) {
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (!fixed) memset(g, 0, cells * sizeof *g);
    clock_gettime(CLOCK_MONOTONIC, &c);
    tclear += (c.tv_sec - b.tv_sec) + 1e-9 * (c.tv_nsec - b.tv_nsec);
    for (int p = 0; p < 4096; p++) { s = s * 1103515245u + 12345u; hit[p] = (long)(s >> 1) % cells; g[hit[p]] += 1.0; }
    for (int p = 0; p < 4096; p++) sum += g[hit[p]];
    if (fixed) for (int p = 0; p < 4096; p++) g[hit[p]] = 0.0;
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("batches: %d\ncheck: %.0f\ntotal: %.3f s\nclear: %.3f s\nclear_bandwidth: %.2f GB/s\n", batches, sum, t, tclear,
         tclear > 0 ? batches * cells * 8.0 / tclear / 1e9 : 0.0);
  return 0;
}
