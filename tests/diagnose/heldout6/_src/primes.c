/* Counts primes below N by trial division. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static int is_prime(long p) {
  if (p < 2) return 0;
  for (long d = 2; d < p; d++)
    if (p % d == 0) return 0;
  return 1;
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  long c = 0;
  for (long p = 2; p < n; p++) c += is_prime(p);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("N=%ld primes=%ld time=%.3f s\n", n, c, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
