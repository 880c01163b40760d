#include <stdlib.h>
#include "csr.h"

csr banded(int n, int band) {
    csr a;
    a.n = n;
    a.rowptr = malloc(sizeof(int) * (n + 1));
    a.col = malloc(sizeof(int) * (long)n * (2 * band + 1));
    a.val = malloc(sizeof(double) * (long)n * (2 * band + 1));
    int k = 0;
    for (int i = 0; i < n; i++) {
        a.rowptr[i] = k;
        for (int j = i - band; j <= i + band; j++) {
            if (j < 0 || j >= n) continue;
            a.col[k] = j;
            a.val[k++] = (i == j) ? 2.0 * band + 1 : -1.0 / (1 + abs(i - j));
        }
    }
    a.rowptr[n] = k;
    a.nnz = k;
    return a;
}

void spmv(const csr *a, const double *x, double *y) {
    for (int i = 0; i < a->n; i++) {
        double s = 0;
        for (int k = a->rowptr[i]; k < a->rowptr[i + 1]; k++) s += a->val[k] * x[a->col[k]];
        y[i] = s;
    }
}
