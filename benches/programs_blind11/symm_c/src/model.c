/* The data of PolyBench's symm init_array, with the upper triangle of K poisoned as the
 * suite does (symm must not read it). */
#include "loadcase.h"

void model_init(int m, int n, double *alpha, double *beta,
                double K[NDOF][NDOF], double F[NDOF][NCASES], double R[NDOF][NCASES])
{
    *alpha = 1.5;
    *beta = 1.2;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            R[i][j] = (double)((i + j) % 100) / m;
            F[i][j] = (double)((n + i - j) % 100) / m;
        }
    for (int i = 0; i < m; i++) {
        for (int j = 0; j <= i; j++)
            K[i][j] = (double)((i + j) % 100) / m;
        for (int j = i + 1; j < m; j++)
            K[i][j] = -999.0;
    }
}
