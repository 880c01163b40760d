/* PolyBench/C 4.2 linear-algebra/blas/symm, as in the suite */
#include "loadcase.h"

void kernel_symm(int m, int n, double alpha, double beta,
                 double R[NDOF][NCASES], double K[NDOF][NDOF], double F[NDOF][NCASES])
{
    double temp2;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            temp2 = 0.0;
            for (int k = 0; k < i; k++) {
                R[k][j] += alpha * F[i][j] * K[i][k];
                temp2 += F[k][j] * K[i][k];
            }
            R[i][j] = beta * R[i][j] + alpha * F[i][j] * K[i][i] + alpha * temp2;
        }
}
