/* Numbers up to N with more than 20 divisors, each counted by trying every smaller number. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
__attribute__((noinline)) static int divisors(long v) {
  int c = 0;
  for (long d = 1; d <= v; d++) c += (v % d == 0);
  return c;
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000, hits = 0;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  for (long v = 1; v <= n; v++) hits += divisors(v) > 20;
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("n=%ld hits=%ld time=%.3f s\n", n, hits, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
