/* readdup: flag duplicate sequencing reads by comparing every pair of reads (O(n^2) pairs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define RL 100
static unsigned long long rng = 88172645463325252ULL;
static unsigned xr(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (unsigned)rng; }
__attribute__((noinline)) int same_read(const char *a, const char *b) { return memcmp(a, b, RL) == 0; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000;
  char *r = malloc((size_t)n * RL);
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < RL; k++) r[(size_t)i * RL + k] = "ACGT"[xr() & 3];
    if (i > 10 && xr() % 20 == 0) memcpy(r + (size_t)i * RL, r + (size_t)(xr() % i) * RL, RL);
  }
  struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
  long dup = 0; long long pairs = 0;
  for (int i = 0; i < n; i++) {
    for (int j = i + 1; j < n; j++) {
      pairs++;
      if (same_read(r + (size_t)i * RL, r + (size_t)j * RL)) { dup++; break; }
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("reads=%d pairs=%lld duplicates=%ld seconds=%.4f\n", n, pairs, dup, s);
  return 0;
}
