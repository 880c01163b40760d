/* half of the work is a serial loop, half an OpenMP loop; prints elapsed as mm:ss.sss */
#include <omp.h>
#include <stdio.h>
#include <math.h>
int main(void) {
  const long n = 30000000L;
  double s = 0.0, p = 0.0, t0 = omp_get_wtime();
  for (long i = 1; i < n; i++) s += sin((double)i) / i;
#pragma omp parallel for reduction(+:p)
  for (long i = 1; i < n; i++) p += cos((double)i) / i;
  double t = omp_get_wtime() - t0;
  printf("sums %.6f %.6f\n", s, p);
  printf("Elapsed: %02d:%06.3f\n", (int)(t / 60), fmod(t, 60.0));
  return 0;
}
