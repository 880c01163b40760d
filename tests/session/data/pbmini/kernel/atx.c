/* y := A^T (A x), written the way a polyhedral benchmark writes it; size from -DN */
#include <stdio.h>
#include <stdlib.h>
#include <tim.h>
#ifndef N
# define N 100
#endif
#define _PB_N LOOP_BOUND(N, n)

static void kernel(int n, double ARR_2D(A, N, N, n, n), double *x, double *y, double *tmp) {
  for (int i = 0; i < _PB_N; i++) y[i] = 0.0;
  for (int i = 0; i < _PB_N; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < _PB_N; j++) tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < _PB_N; j++) y[j] = y[j] + A[i][j] * tmp[i];
  }
}

int main(void) {
  double (*A)[N][N] = malloc(sizeof(double) * N * N);
  double *x = malloc(sizeof(double) * N), *y = malloc(sizeof(double) * N);
  double *tmp = malloc(sizeof(double) * N);
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 + (double)i / N;
    for (int j = 0; j < N; j++) (*A)[i][j] = (double)((i + j) % N) / (5.0 * N);
  }
  tim_start();
  for (int r = 0; r < 20; r++) kernel(N, *A, x, y, tmp);
  tim_stop_print();
  /* the arrays dumped on stderr, as the suite does with its dump option */
  fprintf(stderr, "==BEGIN DUMP_ARRAYS==\nbegin dump: y\n");
  for (int i = 0; i < N; i += N / 8) fprintf(stderr, "%0.6e ", y[i]);
  fprintf(stderr, "\nend   dump: y\n==END   DUMP_ARRAYS==\n");
  free(A); free(x); free(y); free(tmp);
  return 0;
}
