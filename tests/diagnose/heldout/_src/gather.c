/* Random gather y += x[idx[i]] over a table much larger than the caches. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 16000000L;
  long m = argc > 2 ? atol(argv[2]) : 20000000L;
  double *x = malloc(sizeof(double) * n);
  long *idx = malloc(sizeof(long) * m);
  unsigned long s = 88172645463325252UL;
  for (long i = 0; i < n; i++) x[i] = i & 7;
  for (long i = 0; i < m; i++) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; idx[i] = s % n; }
  double y = 0, t0 = now();
  for (long i = 0; i < m; i++) y += x[idx[i]];
  double t = now() - t0;
  printf("time: %.4f s\nlookups/s: %.3g\nsum=%g\n", t, m / t, y);
  return 0;
}
