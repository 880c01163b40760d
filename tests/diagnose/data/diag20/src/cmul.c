/* Complex multiply-accumulate: at -O2 without -fcx-limited-range gcc keeps C99's NaN recovery
   (a call to __muldc3 on the rare path), and the loop stays scalar. */
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
__attribute__((noinline)) void mac(int n, double complex *restrict y,
                                   const double complex *restrict a,
                                   const double complex *restrict x) {
  for (int i = 0; i < n; i++) y[i] += a[i] * x[i];
}
int main(int argc, char **argv) {
  int n = 4096, reps = argc > 1 ? atoi(argv[1]) : 60000;
  double complex *a = malloc(n * sizeof *a), *x = malloc(n * sizeof *x), *y = calloc(n, sizeof *y);
  for (int i = 0; i < n; i++) { a[i] = 1.0 / (i + 1) + I * 0.5; x[i] = 0.25 - I * (1.0 / (i + 2)); }
  struct timespec t0, t1; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
  for (int r = 0; r < reps; r++) mac(n, y, a, x);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
  double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("cpu_time=%.3f s GFLOP/s=%.3f check=%g\n", s, 8.0 * n * reps / s * 1e-9, creal(y[7]));
  return 0;
}
