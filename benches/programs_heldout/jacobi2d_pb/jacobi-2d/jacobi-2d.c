/* jacobi-2d: 2-D Jacobi stencil, five points, alternating between A and B */
#include <stdio.h>
#include <string.h>
#include <math.h>

#include <pbutil.h>
#include "jacobi-2d.h"

static void init_array(int n, DATA_TYPE PB_2D(A, N, N, n, n), DATA_TYPE PB_2D(B, N, N, n, n))
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = ((DATA_TYPE) i * (j + 2) + 2) / n;
      B[i][j] = ((DATA_TYPE) i * (j + 3) + 3) / n;
    }
}

static void kernel_jacobi_2d(int tsteps, int n,
                             DATA_TYPE PB_2D(A, N, N, n, n),
                             DATA_TYPE PB_2D(B, N, N, n, n))
{
  int t, i, j;

  for (t = 0; t < _PB_TSTEPS; t++) {
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
}

int main(int argc, char **argv)
{
  int n = N;
  int tsteps = TSTEPS;
  PB_2D_ARRAY_DECL(A, DATA_TYPE, N, N, n, n);
  PB_2D_ARRAY_DECL(B, DATA_TYPE, N, N, n, n);

  init_array(n, PB_ARRAY(A), PB_ARRAY(B));

  pb_timer_start();
  kernel_jacobi_2d(tsteps, n, PB_ARRAY(A), PB_ARRAY(B));
  pb_timer_stop();
  pb_timer_print();

  pb_checksum("A", &(*A)[0][0], (size_t) n * n);

  PB_FREE_ARRAY(A);
  PB_FREE_ARRAY(B);
  return 0;
}
