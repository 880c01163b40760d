/* Tiled out-of-place transpose B = A^T of an n x n double matrix stored with leading dimension ld. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define T 32
int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int ld = argc > 2 ? atoi(argv[2]) : n;
  int reps = argc > 3 ? atoi(argv[3]) : 5;
  double *a = malloc((size_t)n * ld * sizeof *a), *b = malloc((size_t)n * ld * sizeof *b);
  for (size_t i = 0; i < (size_t)n * ld; i++) { a[i] = (double)(i % 1000); b[i] = 0; }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < reps; r++)
    for (int ii = 0; ii < n; ii += T)
      for (int jj = 0; jj < n; jj += T)
        for (int i = ii; i < ii + T; i++)
          for (int j = jj; j < jj + T; j++)
            b[(size_t)j * ld + i] = a[(size_t)i * ld + j];
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("transpose n=%d ld=%d tile=%d reps=%d\n", n, ld, T, reps);
  printf("time per transpose: %.4f s\n", s / reps);
  printf("effective bandwidth: %.2f GB/s\n", 2.0 * 8.0 * n * (double)n * reps / s / 1e9);
  printf("check: %.1f\n", b[(size_t)7 * ld + 3] + b[(size_t)(n - 1) * ld + n - 2]);
  return 0;
}
