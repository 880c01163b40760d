/* gemm: C := alpha*A*B + beta*C */
#include <stdio.h>
#include <string.h>
#include <math.h>

#include <pbutil.h>
#include "gemm.h"

static void init_array(int ni, int nj, int nk, DATA_TYPE *alpha, DATA_TYPE *beta,
                       DATA_TYPE PB_2D(C, NI, NJ, ni, nj),
                       DATA_TYPE PB_2D(A, NI, NK, ni, nk),
                       DATA_TYPE PB_2D(B, NK, NJ, nk, nj))
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = (DATA_TYPE) ((i * j + 1) % ni) / ni;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE) (i * (j + 1) % nk) / nk;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE) (i * (j + 2) % nj) / nj;
}

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE PB_2D(C, NI, NJ, ni, nj),
                        DATA_TYPE PB_2D(A, NI, NK, ni, nk),
                        DATA_TYPE PB_2D(B, NK, NJ, nk, nj))
{
  int i, j, k;

  for (i = 0; i < _PB_NI; i++) {
    for (j = 0; j < _PB_NJ; j++)
      C[i][j] *= beta;
    for (k = 0; k < _PB_NK; k++) {
      for (j = 0; j < _PB_NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
  }
}

int main(int argc, char **argv)
{
  int ni = NI;
  int nj = NJ;
  int nk = NK;
  DATA_TYPE alpha;
  DATA_TYPE beta;
  PB_2D_ARRAY_DECL(C, DATA_TYPE, NI, NJ, ni, nj);
  PB_2D_ARRAY_DECL(A, DATA_TYPE, NI, NK, ni, nk);
  PB_2D_ARRAY_DECL(B, DATA_TYPE, NK, NJ, nk, nj);

  init_array(ni, nj, nk, &alpha, &beta, PB_ARRAY(C), PB_ARRAY(A), PB_ARRAY(B));

  pb_timer_start();
  kernel_gemm(ni, nj, nk, alpha, beta, PB_ARRAY(C), PB_ARRAY(A), PB_ARRAY(B));
  pb_timer_stop();
  pb_timer_print();

  pb_checksum("C", &(*C)[0][0], (size_t) ni * nj);

  PB_FREE_ARRAY(C);
  PB_FREE_ARRAY(A);
  PB_FREE_ARRAY(B);
  return 0;
}
