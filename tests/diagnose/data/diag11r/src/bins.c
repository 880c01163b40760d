/* Histogram of particle distances: a neighbour list malloc'ed and freed for every particle. */
#include <stdio.h>
#include <stdlib.h>
static double score(const double *x, long i, long n) {
  long *nb = malloc(64 * sizeof(long));
  int k = 0;
  for (long j = i + 1; j < n && k < 3; j++) if (x[j] - x[i] < 0.5) nb[k++] = j;
  double s = 0;
  for (int q = 0; q < k; q++) s += x[nb[q]];
  free(nb);
  return s;
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  double *x = malloc(sizeof(double) * n), t = 0;
  for (long i = 0; i < n; i++) x[i] = i * 1e-3;
  for (long i = 0; i < n; i++) t += score(x, i, n);
  printf("particles=%ld score=%.3f\n", n, t);
  return 0;
}
