#include <stdlib.h>
#include "table.h"

Table table_alloc(int n)
{
    Table t = {n, malloc(n * sizeof(double)), malloc(n * sizeof(double))};
    return t;
}

void table_free(Table *t)
{
    free(t->x);
    free(t->y);
    t->n = 0;
}

double table_interp(const Table *t, double x)
{
    /* find the interval: the last i with x[i] <= x (0 below the table, n-2 above it) */
    int i = 0;
    while (i < t->n - 2 && t->x[i + 1] <= x)
        i++;
    double w = (x - t->x[i]) / (t->x[i + 1] - t->x[i]);
    return t->y[i] + w * (t->y[i + 1] - t->y[i]);
}
