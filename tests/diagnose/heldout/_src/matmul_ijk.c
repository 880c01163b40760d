/* Naive ijk matrix product: the inner k loop walks B by column (stride n doubles). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 512;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n), *C = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n * n; i++) { A[i] = i % 7; B[i] = i % 5; C[i] = 0; }
  for (int i = 0; i < 4; i++) fprintf(stderr, "row %d ready\n", i);
  double t0 = now();
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];
      C[i * n + j] = s;
    }
  double t = now() - t0;
  printf("n=%d\ntime: %.4f s\nGFLOP/s: %.3f\n", n, t, 2.0 * n * n * n / t / 1e9);
  printf("check=%g\n", C[n + 1]);
  return 0;
}
