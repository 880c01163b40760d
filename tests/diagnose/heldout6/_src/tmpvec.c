/* Per-point 16 stencil weights built in a freshly allocated scratch array. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define K 16
__attribute__((noinline)) static double point(const double *u, long i) {
  double *w = calloc(K, sizeof(double));
  for (int k = 0; k < K; k++) w[k] = u[i + k] * (k + 1);
  double s = 0;
  for (int k = 0; k < K; k++) s += w[k];
  free(w);
  return s;
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000;
  double *u = malloc(sizeof(double) * (n + K)), tot = 0;
  for (long i = 0; i < n + K; i++) u[i] = (i % 17) * 0.1;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  for (long i = 0; i < n; i++) tot += point(u, i);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("points=%ld total=%.6f time=%.3f s\n", n, tot, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
