/* lakefill.c: lake extent by region growing from a seed on a synthetic DEM below a water level; each candidate cell is checked against the list of already visited cells by a linear search (lines 14-15), O(k^2) for k cells; -DMASK a visited bitmap. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static int n;
static float *dem;
static int *list;
static unsigned char *mask;
static long k;
static int seen(int c) {
#ifdef MASK
  return mask[c];
#else
  for (long i = 0; i < k; i++)
    if (list[i] == c)
      return 1;
  return 0;
#endif
}
int main(int argc, char **argv) {
  n = argc > 1 ? atoi(argv[1]) : 250;
  float level = 0.9f;
  dem = malloc((size_t)n * n * sizeof(float)); list = malloc((size_t)n * n * sizeof(int)); mask = calloc((size_t)n * n, 1);
  for (int y = 0; y < n; y++) for (int x = 0; x < n; x++) { float dx = (x - n / 2) / (float)n, dy = (y - n / 2) / (float)n; dem[y * n + x] = 4.0f * (dx * dx + dy * dy) + 0.05f * ((x * 7 + y * 13) % 5); }
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  k = 0; list[k++] = (n / 2) * n + n / 2; mask[list[0]] = 1;
  for (long h = 0; h < k; h++) {
    int c = list[h], y = c / n, x = c % n;
    int nb[4] = {y > 0 ? c - n : -1, y < n - 1 ? c + n : -1, x > 0 ? c - 1 : -1, x < n - 1 ? c + 1 : -1};
    for (int q = 0; q < 4; q++) { int d = nb[q]; if (d >= 0 && dem[d] < level && !seen(d)) { list[k++] = d; mask[d] = 1; } }
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("lakefill: grid=%dx%d lake cells=%ld time=%.3f s  us/cell=%.3f\n", n, n, k, t, 1e6 * t / k);
  return 0;
}
