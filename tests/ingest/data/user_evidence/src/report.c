/* Prints its measurements in the shapes programs use: key=value unit, key: value unit, a table. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void) {
  int n = 2000000;
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) { a[i] = i; b[i] = 0; }
  for (int r = 0; r < 3; r++) {
    double t0 = now();
    for (int i = 0; i < n; i++) b[i] = 2.0 * a[i] + b[i];
    double t = now() - t0;
    printf("run=%d time=%.3f ms bandwidth=%.2f GB/s\n", r, t * 1e3, 24.0 * n / t / 1e9);
    printf("Performance: %.3f GFLOP/s\n", 2.0 * n / t / 1e9);
  }
  double t0 = now();
  for (int i = 1; i < n - 1; i++) b[i] = 0.5 * (a[i - 1] + a[i + 1]);
  double t = now() - t0;
  printf("stencil: %.2f MLUP/s\nlatency: %.3f us\n", (n - 2) / t / 1e6, t / (n - 2) * 1e6);
  printf("check=%g\n", b[n / 2]);
  return 0;
}
