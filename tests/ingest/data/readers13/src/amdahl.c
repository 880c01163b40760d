#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
/* half the work is a serial prefix recurrence, half a parallel loop */
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40000000;
  double *a = malloc(n * sizeof *a);
  a[0] = 1.0;
  for (long i = 1; i < n; i++) a[i] = a[i - 1] * 0.999999 + 1e-7;   /* serial */
  double s = 0;
  #pragma omp parallel for reduction(+:s)
  for (long i = 0; i < n; i++) s += a[i] * a[i] * 0.5 + a[i] / (1.0 + a[i]);
  printf("threads=%d sum=%g\n", omp_get_max_threads(), s);
  free(a);
  return 0;
}
