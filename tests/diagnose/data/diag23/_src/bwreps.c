/* a 2-thread OpenMP copy kernel over 3 x 160 MB arrays: prints one line per repetition */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  const long n = 20000000L;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
#pragma omp parallel for
  for (long i = 0; i < n; i++) { a[i] = 0.0; b[i] = i * 0.5; }
  for (int rep = 1; rep <= 5; rep++) {
    double t = omp_get_wtime();
#pragma omp parallel for
    for (long i = 0; i < n; i++) a[i] = b[i];
    t = omp_get_wtime() - t;
    printf("rep %d: %.2f GB/s\n", rep, 2.0 * 8.0 * n / t / 1e9);
  }
  printf("a[7]=%g\n", a[7]);
  return 0;
}
