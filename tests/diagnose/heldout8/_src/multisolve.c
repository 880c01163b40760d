/* Implicit heat steps with a fixed matrix: each step solves A x = b by Gaussian elimination
   with partial pivoting on a fresh copy of A (the matrix never changes). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double cputime(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
__attribute__((noinline)) static void gauss_solve(int n, double *M, double *x) { /* M: n x n, overwritten; x: rhs in, solution out */
  for (int k = 0; k < n; k++) {
    int p = k;
    for (int i = k + 1; i < n; i++) if (fabs(M[i * n + k]) > fabs(M[p * n + k])) p = i;
    if (p != k) { for (int j = 0; j < n; j++) { double t = M[k * n + j]; M[k * n + j] = M[p * n + j]; M[p * n + j] = t; } double t = x[k]; x[k] = x[p]; x[p] = t; }
    for (int i = k + 1; i < n; i++) {
      double f = M[i * n + k] / M[k * n + k];
      for (int j = k; j < n; j++) M[i * n + j] -= f * M[k * n + j];
      x[i] -= f * x[k];
    }
  }
  for (int i = n - 1; i >= 0; i--) { double s = x[i]; for (int j = i + 1; j < n; j++) s -= M[i * n + j] * x[j]; x[i] = s / M[i * n + i]; }
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 400, steps = argc > 2 ? atoi(argv[2]) : 30;
  double *A = malloc(sizeof(double) * n * n), *M = malloc(sizeof(double) * n * n), *u = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) { u[i] = sin(0.1 * i); for (int j = 0; j < n; j++) A[i * n + j] = (i == j) ? 8.0 : 1.0 / (1 + abs(i - j)) * ((i + j) % 3 ? 0.5 : -0.4); }
  double c0 = cputime();
  for (int s = 0; s < steps; s++) { memcpy(M, A, sizeof(double) * n * n); gauss_solve(n, M, u); for (int i = 0; i < n; i++) u[i] += 0.01 * sin(0.1 * i); }
  double c = cputime() - c0;
  printf("n=%d steps=%d u[0]=%.10f\n", n, steps, u[0]);
  printf("cpu_time=%.3f s\nper_step=%.4f s\n", c, c / steps);
  return 0;
}
