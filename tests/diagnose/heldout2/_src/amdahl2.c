/* A serial setup (a recurrence that cannot be split) followed by a parallel loop; prints the
   two phases' times. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 30000000L;
  double *a = malloc(n * sizeof *a);
  double t0 = omp_get_wtime();
  a[0] = 0.5;
  for (long i = 1; i < n; i++) a[i] = sin(a[i - 1] * 3.7 + 0.1);  /* serial: depends on i-1 */
  double t1 = omp_get_wtime();
  double s = 0;
#pragma omp parallel for reduction(+:s) schedule(static)
  for (long i = 0; i < n; i++) s += sqrt(fabs(a[i]) + 1.0) * cos(a[i]);
  double t2 = omp_get_wtime();
  printf("threads=%d\n", omp_get_max_threads());
  printf("serial_time=%.3f s\n", t1 - t0);
  printf("parallel_time=%.3f s\n", t2 - t1);
  printf("time=%.3f s\n", t2 - t0);
  printf("s=%g\n", s);
  return 0;
}
