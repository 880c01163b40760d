/* Counts compositions of n with parts 1 and 2 by plain recursion. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

long ways(int n) { return n < 2 ? 1 : ways(n - 1) + ways(n - 2); }

int main(int argc, char **argv) {
  int lo = argc > 1 ? atoi(argv[1]) : 30, hi = argc > 2 ? atoi(argv[2]) : 36;
  printf("n,ways,seconds\n");
  for (int n = lo; n <= hi; n += 2) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long w = ways(n);
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("%d,%ld,%.4f\n", n, w, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  }
  return 0;
}
