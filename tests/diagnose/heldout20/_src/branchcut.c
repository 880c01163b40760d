/* branchcut: photon event selection with a data-dependent energy cut; mode "sorted" sorts the same events first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static int cmp(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2000000;
  int passes = argc > 2 ? atoi(argv[2]) : 20;
  const char *mode = argc > 3 ? argv[3] : "raw";
  int *e = malloc(sizeof(int) * n);
  unsigned s = 12345;
  for (int i = 0; i < n; i++) { s = s * 1103515245u + 12345u; e[i] = (s >> 8) & 1023; }
  if (strcmp(mode, "sorted") == 0) qsort(e, n, sizeof(int), cmp);
  struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
  long long kept = 0, esum = 0;
  for (int p = 0; p < passes; p++)
    for (int i = 0; i < n; i++) {
      if (e[i] > 511) {
        kept++;
        esum += e[i] * 3 + (e[i] >> 2);
      }
    }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("mode=%s events=%d passes=%d kept=%lld seconds=%.4f ns_per_event=%.3f (%lld)\n", mode, n, passes, kept, t, 1e9 * t / ((double)n * passes), esum);
  return 0;
}
