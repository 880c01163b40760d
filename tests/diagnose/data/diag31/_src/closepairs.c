/* Counts the pairs of random points closer than rc by testing every pair, for growing N:
 * prints one row per size with the count in a column headed pairs<rc. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(void) {
  printf("%7s %9s %10s %11s\n", "N", "seconds", "pairs<rc", "ns/point");
  for (int n = 2000; n <= 16000; n *= 2) {
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    srand(5);
    for (int i = 0; i < n; i++) { x[i] = rand() / (double)RAND_MAX; y[i] = rand() / (double)RAND_MAX; }
    double t0 = now();
    long pairs = 0;
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++) {
        double dx = x[i] - x[j], dy = y[i] - y[j];
        pairs += dx * dx + dy * dy < 1e-4;
      }
    double el = now() - t0;
    printf("%7d %9.3f %10ld %11.2f\n", n, el, pairs, 1e9 * el / n);
    free(x);
    free(y);
  }
  return 0;
}
