/* Out-of-place transpose of an n x n double matrix, naive loops, repeated. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static void transpose(int n, const double *a, double *b) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[(long)j * n + i] = a[(long)i * n + j];
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  double *a = malloc((long)n * n * sizeof *a), *b = malloc((long)n * n * sizeof *b);
  for (long k = 0; k < (long)n * n; k++) a[k] = k % 17;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < reps; r++) transpose(n, a, b);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("n=%d reps=%d time=%.3f s bandwidth=%.2f GB/s\n", n, reps, t,
         16.0 * n * n * reps / t / 1e9);
  printf("b=%g\n", b[12345]);
  return 0;
}
