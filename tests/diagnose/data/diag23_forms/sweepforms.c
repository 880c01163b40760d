/* half serial, half OpenMP; prints "<n> thread(s): <t> sec" for the team size it ran with */
#include <omp.h>
#include <stdio.h>
#include <math.h>
int main(void) {
  const long n = 8000000L;
  double s = 0.0, p = 0.0, t0 = omp_get_wtime();
  for (long i = 1; i < n; i++) s += sin((double)i) / i;
#pragma omp parallel for reduction(+:p)
  for (long i = 1; i < n; i++) p += cos((double)i) / i;
  int nt = omp_get_max_threads();
  printf("%d thread%s: %.3f sec (%.3f)\n", nt, nt > 1 ? "s" : " ", omp_get_wtime() - t0, s + p);
  return 0;
}
