#include "gram.h"
/* PolyBench/C 4.2 syrk init_array, on flat row-major heap arrays */
void init_array(int n, int m, double *alpha, double *beta, double *C, double *A)
{
    *alpha = 1.5;
    *beta = 1.2;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            A[(long)i * m + j] = (double)((i * j + 1) % n) / n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            C[(long)i * n + j] = (double)((i * j + 2) % m) / m;
}
