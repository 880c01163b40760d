/* PolyBench/C gemver's init_array, and the small change of the input vectors the
 * project makes between its update steps. */
#include <stdlib.h>
#include "gemver.h"

int alloc_vectors(struct gemver_vectors *g, int n)
{
    DATA_TYPE **all[8] = {&g->u1, &g->v1, &g->u2, &g->v2, &g->w, &g->x, &g->y, &g->z};
    for (int k = 0; k < 8; k++) {
        *all[k] = malloc(sizeof(DATA_TYPE) * (size_t)n);
        if (*all[k] == NULL)
            return -1;
    }
    return 0;
}

void free_vectors(struct gemver_vectors *g)
{
    free(g->u1); free(g->v1); free(g->u2); free(g->v2);
    free(g->w); free(g->x); free(g->y); free(g->z);
}

void init_array(int n, DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE (*A)[N],
                struct gemver_vectors *g)
{
    int i, j;
    *alpha = 1.5;
    *beta = 1.2;
    DATA_TYPE fn = (DATA_TYPE)n;

    for (i = 0; i < n; i++) {
        g->u1[i] = i;
        g->u2[i] = ((i + 1) / fn) / 2.0;
        g->v1[i] = ((i + 1) / fn) / 4.0;
        g->v2[i] = ((i + 1) / fn) / 6.0;
        g->y[i] = ((i + 1) / fn) / 8.0;
        g->z[i] = ((i + 1) / fn) / 9.0;
        g->x[i] = 0.0;
        g->w[i] = 0.0;
        for (j = 0; j < n; j++)
            A[i][j] = (DATA_TYPE)(i * j % n) / n;
    }
}

/* between steps the project scales the update directions down and shifts y */
void perturb(int n, int step, struct gemver_vectors *g)
{
    DATA_TYPE s = 1.0 / (2.0 + step);
    for (int i = 0; i < n; i++) {
        g->u1[i] = g->u1[i] * s / n;
        g->v1[i] = g->v1[i] * (1.0 - s);
        g->y[i] = g->y[i] + s * g->z[i];
    }
}
