#include "gram.h"
/* PolyBench/C 4.2 kernel_syrk: lower triangle of C := alpha A A^T + beta C */
void kernel_syrk(int n, int m, double alpha, double beta, double *C, const double *A)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++)
            C[(long)i * n + j] *= beta;
        for (int k = 0; k < m; k++)
            for (int j = 0; j <= i; j++)
                C[(long)i * n + j] += alpha * A[(long)i * m + k] * A[(long)j * m + k];
    }
}
