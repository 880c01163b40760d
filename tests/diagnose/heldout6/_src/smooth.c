/* 3-point smoothing b[i] = (a[i-1]+a[i]+a[i+1])/3 on 2 threads over a range of array sizes. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  double total_gb = argc > 1 ? atof(argv[1]) : 2.0; /* bytes moved per size point */
  long maxn = 1L << 24;
  double *a = aligned_alloc(64, (maxn + 2) * sizeof(double)), *b = aligned_alloc(64, (maxn + 2) * sizeof(double));
#pragma omp parallel for schedule(static)
  for (long i = 0; i < maxn + 2; i++) { a[i] = i % 7; b[i] = 0; }
  printf("%12s %10s %8s %10s\n", "bytes", "reps", "time_s", "GB/s");
  for (long n = 1L << 11; n <= maxn; n <<= 1) {
    long reps = (long)(total_gb * 1e9 / (16.0 * n));
    if (reps < 2) reps = 2;
    double t0 = omp_get_wtime();
    for (long r = 0; r < reps; r++) {
#pragma omp parallel for schedule(static)
      for (long i = 1; i <= n; i++) b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0 / 3.0);
      double *t = a; a = b; b = t;
    }
    double t = omp_get_wtime() - t0;
    printf("%12ld %10ld %8.3f %10.2f\n", 16 * n, reps, t, 16.0 * n * reps / t / 1e9);
  }
  printf("check=%.3f\n", a[maxn / 2]);
  return 0;
}
