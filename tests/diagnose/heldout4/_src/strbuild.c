/* Builds a CSV line of n numbers with strcat, then reports its length. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double build(int n, int fixed) {
  char *buf = malloc((size_t)n * 16 + 1), item[32];
  buf[0] = 0;
  size_t len = 0;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (int i = 0; i < n; i++) {
    int k = snprintf(item, sizeof item, "%d,", i % 100000);
    if (fixed) { memcpy(buf + len, item, k + 1); len += k; }
    else strcat(buf, item);
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  if (strlen(buf) == 0) puts("empty");
  free(buf);
  return (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 ? atoi(argv[1]) : 0;
  printf("%10s %10s\n", "items", "time_s");
  for (int n = 25000; n <= 200000; n *= 2) printf("%10d %10.4f\n", n, build(n, fixed));
  return 0;
}
