/* Sums each column of an n x n row-major matrix, `passes` times, walking down the rows
 * (stride n) or along them. Prints nothing but a checksum: the sweep script times it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1024;
  long passes = argc > 2 ? atol(argv[2]) : 1;
  int rows = argc > 3 && strcmp(argv[3], "rows") == 0;
  float *a = malloc((size_t)n * n * sizeof *a), *col = calloc(n, sizeof *col);
  for (long i = 0; i < n * n; i++) a[i] = (float)(i % 13) * 0.5f;
  for (long p = 0; p < passes; p++) {
    if (rows) {
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) col[j] += a[i * n + j];
    } else {
      for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) col[j] += a[i * n + j];
    }
  }
  double s = 0;
  for (long j = 0; j < n; j++) s += col[j];
  printf("%.6e\n", s);
  free(a);
  free(col);
  return 0;
}
