/* keep the distinct values of a stream by searching the kept ones linearly: n^2 compares */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double cpu_s(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10000;
  int *in = malloc(sizeof(int) * n), *kept = malloc(sizeof(int) * n);
  unsigned x = 12345u;
  for (int i = 0; i < n; i++) { x = x * 1103515245u + 12345u; in[i] = (int)(x % (unsigned)(4 * n)); }
  double t0 = cpu_s();
  int k = 0;
  for (int i = 0; i < n; i++) {
    int seen = 0;
    for (int j = 0; j < k; j++) if (kept[j] == in[i]) { seen = 1; break; }
    if (!seen) kept[k++] = in[i];
  }
  printf("dedup n=%d build_cpu_s= %8.4f distinct=%d\n", n, cpu_s() - t0, k);
  return 0;
}
