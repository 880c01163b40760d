/* Tally of byte values over a buffer, shared by the threads with an atomic increment. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) static void tally(const unsigned char *v, long n, long *count) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
#pragma omp atomic
    count[v[i] & 7]++;
  }
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40000000;
  unsigned char *v = malloc(n);
  long count[8] = {0};
  for (long i = 0; i < n; i++) v[i] = (unsigned char)(i * 2654435761u >> 13);
  double t0 = omp_get_wtime();
  tally(v, n, count);
  printf("threads=%d n=%ld time=%.3f s c0=%ld\n", omp_get_max_threads(), n, omp_get_wtime() - t0, count[0]);
  return 0;
}
