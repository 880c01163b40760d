/* Normalises each row of a matrix by the matrix's total norm, which it recomputes for every
   element (the norm does not change inside the loop). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
__attribute__((noinline)) double frob(const double *a, int n) {
  double s = 0;
  for (int k = 0; k < n * n; k++) s += a[k] * a[k];
  return sqrt(s);
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 120;
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
  for (int k = 0; k < n * n; k++) a[k] = (k % 13) * 0.1;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[i * n + j] = a[i * n + j] / frob(a, n);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("n=%d time=%.3f s\n", n, (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  printf("b=%g\n", b[n + 1]);
  return 0;
}
