#include "kernel.h"

/* y = A x with A stored row-major, walked one column at a time (stride n). */
void matvec(int n, const double *a, const double *x, double *y)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            y[i] += a[i * n + j] * x[j];
}
