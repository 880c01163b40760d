/* Serial sieve of Eratosthenes up to 60 million, repeated; prints its time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 60000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 4;
  char *c = malloc(n + 1);
  long count = 0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < reps; r++) {
    memset(c, 1, n + 1);
    for (long i = 2; i * i <= n; i++)
      if (c[i]) for (long j = i * i; j <= n; j += i) c[j] = 0;
    count = 0;
    for (long i = 2; i <= n; i++) count += c[i];
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("primes=%ld\n", count);
  printf("elapsed=%.3f s\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  return 0;
}
