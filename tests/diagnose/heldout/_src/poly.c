/* y[i] = polynomial(x[i]) over an in-cache array: vectorizes with FMA, arithmetic bound. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
void poly(const double *restrict x, double *restrict y, int n) {
  for (int i = 0; i < n; i++) {
    double v = x[i], p = 0.5;
    for (int k = 0; k < 32; k++) p = p * v + 1.0001;
    y[i] = p;
  }
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  int reps = argc > 2 ? atoi(argv[2]) : 40000;
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) x[i] = 1.0 / (i + 2);
  double t0 = now();
  for (int r = 0; r < reps; r++) { poly(x, y, n); x[r % n] = y[(r * 7) % n] * 1e-3; }
  double t = now() - t0;
  printf("time=%.4f s\nGFLOP/s=%.3f\ncheck=%g\n", t, 64.0 * n * reps / t / 1e9, y[3]);
  return 0;
}
