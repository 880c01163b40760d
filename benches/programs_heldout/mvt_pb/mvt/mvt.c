/* mvt: x1 := x1 + A*y_1 and x2 := x2 + A^T*y_2 */
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <stdlib.h>

#include <pbutil.h>
#include "mvt.h"

static void init_array(int n,
                       DATA_TYPE PB_1D(x1, N, n), DATA_TYPE PB_1D(x2, N, n),
                       DATA_TYPE PB_1D(y_1, N, n), DATA_TYPE PB_1D(y_2, N, n),
                       DATA_TYPE PB_2D(A, N, N, n, n))
{
  int i, j;

  for (i = 0; i < n; i++) {
    x1[i] = (DATA_TYPE) (i % n) / n;
    x2[i] = (DATA_TYPE) ((i + 1) % n) / n;
    y_1[i] = (DATA_TYPE) ((i + 3) % n) / n;
    y_2[i] = (DATA_TYPE) ((i + 4) % n) / n;
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE) (i * j % n) / n;
  }
}

static void kernel_mvt(int n,
                       DATA_TYPE PB_1D(x1, N, n), DATA_TYPE PB_1D(x2, N, n),
                       DATA_TYPE PB_1D(y_1, N, n), DATA_TYPE PB_1D(y_2, N, n),
                       DATA_TYPE PB_2D(A, N, N, n, n))
{
  int i, j;

  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
}

int main(int argc, char **argv)
{
  int n = N;
  int rep, reps = argc > 1 ? atoi(argv[1]) : 1;
  PB_2D_ARRAY_DECL(A, DATA_TYPE, N, N, n, n);
  PB_1D_ARRAY_DECL(x1, DATA_TYPE, N, n);
  PB_1D_ARRAY_DECL(x2, DATA_TYPE, N, n);
  PB_1D_ARRAY_DECL(y_1, DATA_TYPE, N, n);
  PB_1D_ARRAY_DECL(y_2, DATA_TYPE, N, n);

  init_array(n, PB_ARRAY(x1), PB_ARRAY(x2), PB_ARRAY(y_1), PB_ARRAY(y_2), PB_ARRAY(A));

  pb_timer_start();
  for (rep = 0; rep < reps; rep++)
    kernel_mvt(n, PB_ARRAY(x1), PB_ARRAY(x2), PB_ARRAY(y_1), PB_ARRAY(y_2), PB_ARRAY(A));
  pb_timer_stop();
  pb_timer_print();

  pb_checksum("x1", *x1, (size_t) n);
  pb_checksum("x2", *x2, (size_t) n);

  PB_FREE_ARRAY(A);
  PB_FREE_ARRAY(x1);
  PB_FREE_ARRAY(x2);
  PB_FREE_ARRAY(y_1);
  PB_FREE_ARRAY(y_2);
  return 0;
}
