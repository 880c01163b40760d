/* Counts distinct values by comparing each element with all earlier ones: O(n^2). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
long count_distinct(const int *v, long n) {
  long d = 0;
  for (long i = 0; i < n; i++) {
    int seen = 0;
    for (long j = 0; j < i; j++) if (v[j] == v[i]) { seen = 1; break; }
    d += !seen;
  }
  return d;
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40000;
  int *v = malloc(sizeof(int) * n);
  for (long i = 0; i < n; i++) v[i] = (int)((i * 2654435761u) % (unsigned)(4 * n));
  double t0 = now();
  long d = count_distinct(v, n);
  printf("n=%ld time=%.4f s distinct=%ld\n", n, now() - t0, d);
  return 0;
}
