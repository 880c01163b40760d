/* PolyBench/C 4.2 linear-algebra/blas/trmm, as in the suite:
 * B := alpha * A^T * B with A unit lower triangular (BLAS TRMM Left, Lower, Trans, Unit) */
#include "basis.h"

void kernel_trmm(int m, int n, double alpha, double A[NBASIS][NBASIS],
                 double B[NBASIS][NSNAP])
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            for (int k = i + 1; k < m; k++)
                B[i][j] += A[k][i] * B[k][j];
            B[i][j] = alpha * B[i][j];
        }
}
