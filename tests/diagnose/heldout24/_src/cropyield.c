/* cropyield.c: daily crop-yield model over 1 M soil cells; every day the fixed soil-quality index is copied and qsorted again (line 27) to get its 10/50/90 percentiles, though the soil never changes during the season; -DONCE sorts once before the day loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static int cmpf(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  int days = argc > 2 ? atoi(argv[2]) : 8;
  float *soil = malloc(n * sizeof(float)), *tmp = malloc(n * sizeof(float)), *yield = calloc(n, sizeof(float));
  unsigned x = 7;
  for (long i = 0; i < n; i++) { x = x * 1103515245u + 12345u; soil[i] = (x >> 8) * (1.0f / 16777216.0f); }
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  float p10 = 0, p50 = 0, p90 = 0;
#ifdef ONCE
  memcpy(tmp, soil, n * sizeof(float));
  qsort(tmp, n, sizeof(float), cmpf);
  p10 = tmp[n / 10]; p50 = tmp[n / 2]; p90 = tmp[9 * n / 10];
#endif
  for (int d = 0; d < days; d++) {
    float rain = 2.0f + (d % 7);
#ifndef ONCE
    memcpy(tmp, soil, n * sizeof(float));
    qsort(tmp, n, sizeof(float), cmpf);
    p10 = tmp[n / 10]; p50 = tmp[n / 2]; p90 = tmp[9 * n / 10];
#endif
    for (long i = 0; i < n; i++) {
      float q = soil[i] < p10 ? 0.5f : soil[i] < p50 ? 0.8f : soil[i] < p90 ? 1.0f : 1.2f;
      yield[i] += q * rain * 0.01f;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  double s = 0; for (long i = 0; i < n; i += 100) s += yield[i];
  printf("cropyield: cells=%ld days=%d time=%.3f s  s/day=%.4f  p50=%.4f  check=%.4f\n", n, days, t, t / days, p50, s);
  return 0;
}
