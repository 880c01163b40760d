/* The PolyBench/C 4.2 gemver kernel, as written in the suite:
 *   A := A + u1 v1^T + u2 v2^T
 *   x := x + beta A^T y + z
 *   w := w + alpha A x                                                       */
#include "gemver.h"

void kernel_gemver(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE (*A)[N],
                   struct gemver_vectors *g)
{
    int i, j;
    DATA_TYPE *u1 = g->u1, *v1 = g->v1, *u2 = g->u2, *v2 = g->v2;
    DATA_TYPE *w = g->w, *x = g->x, *y = g->y, *z = g->z;

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            x[i] = x[i] + beta * A[j][i] * y[j];

    for (i = 0; i < n; i++)
        x[i] = x[i] + z[i];

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            w[i] = w[i] + alpha * A[i][j] * x[j];
}
