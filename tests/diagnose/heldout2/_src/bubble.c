/* Sorts n random ints with bubble sort; prints n and the time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static void bubble(int *a, long n) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j + 1 < n - i; j++)
      if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000;
  int *a = malloc(n * sizeof *a);
  srand(3);
  for (long i = 0; i < n; i++) a[i] = rand();
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  bubble(a, n);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("n=%ld time=%.4f s\n", n, (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  printf("first=%d\n", a[0]);
  return 0;
}
