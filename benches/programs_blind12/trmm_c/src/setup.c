/* PolyBench/C 4.2 trmm's init_array; the upper triangle of A is poisoned (never read) */
#include "basis.h"

void init_arrays(int m, int n, double *alpha, double A[NBASIS][NBASIS],
                 double B[NBASIS][NSNAP])
{
    *alpha = 1.5;
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < i; j++)
            A[i][j] = (double)((i + j) % m) / m;
        A[i][i] = 1.0;
        for (int j = i + 1; j < m; j++)
            A[i][j] = -999.0;
        for (int j = 0; j < n; j++)
            B[i][j] = (double)((n + (i - j)) % n) / n;
    }
}
