/* Gauss-Seidel relaxation in place (row-major, linearised). */
#include <stdio.h>
#include <stdlib.h>

static void relax(long n, double *u) {
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      u[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] +
                             u[i * n + j + 1]); /* HOT */
}

int main(void) {
  long n = 120;
  double *u = malloc(sizeof(double) * (size_t)(n * n));
  for (long i = 0; i < n * n; i++) u[i] = (double)(i % 8);
  for (int it = 0; it < 3; it++) relax(n, u);
  double s = 0.0;
  for (long i = 0; i < n * n; i++) s += u[i] * (double)(1 + i % 5);
  printf("checksum %.17g\n", s);
  return 0;
}
