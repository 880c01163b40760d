/* Spectrum of a sampled signal by the direct discrete Fourier transform; prints the time per transform. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static void dft(const double *x, double *re, double *im, int n)
{
  for (int k = 0; k < n; k++) {
    double sr = 0, si = 0;
    for (int j = 0; j < n; j++) {
      double a = -2.0 * M_PI * (double)k * j / n;
      sr += x[j] * cos(a);
      si += x[j] * sin(a);
    }
    re[k] = sr; im[k] = si;
  }
}
int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  double *x = malloc(n * sizeof *x), *re = malloc(n * sizeof *re), *im = malloc(n * sizeof *im);
  for (int j = 0; j < n; j++) x[j] = sin(0.05 * j) + 0.3 * cos(0.31 * j);
  struct timespec t0, t1, c0, c1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
  dft(x, re, im, n);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  int peak = 1; for (int k = 1; k < n / 2; k++) if (re[k] * re[k] + im[k] * im[k] > re[peak] * re[peak] + im[peak] * im[peak]) peak = k;
  printf("N = %6d   transform %.4f s (cpu %.4f s)   peak bin %d\n", n, (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec),
         (c1.tv_sec - c0.tv_sec) + 1e-9 * (c1.tv_nsec - c0.tv_nsec), peak);
  return 0;
}
