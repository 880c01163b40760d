/* CSR utilities of the group's Markov-chain code. */
#include "csr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void csr_alloc(Csr *a, int n, int nnz)
{
    a->n = n;
    a->nnz = nnz;
    a->rowptr = malloc(((size_t)n + 1) * sizeof(int));
    a->col = malloc((size_t)nnz * sizeof(int));
    a->val = malloc((size_t)nnz * sizeof(double));
    if (!a->rowptr || !a->col || !a->val) {
        fprintf(stderr, "csr_alloc: out of memory (n=%d nnz=%d)\n", n, nnz);
        exit(1);
    }
}

void csr_free(Csr *a)
{
    free(a->rowptr);
    free(a->col);
    free(a->val);
    a->rowptr = NULL;
    a->col = NULL;
    a->val = NULL;
}

/* Row-by-row product (Gustavson) with a dense accumulator: row i of c is the sum of the
 * rows k of b weighted by a(i,k).  The accumulator and the marker are cleared for every
 * row and the row of c is read off in column order, so c's columns come out sorted. */
void csr_matmul(const Csr *a, const Csr *b, Csr *c)
{
    const int n = a->n;
    double *acc = malloc((size_t)n * sizeof(double));
    char *mark = malloc((size_t)n);
    int cap = 4 * a->nnz + 16;
    int *col = malloc((size_t)cap * sizeof(int));
    double *val = malloc((size_t)cap * sizeof(double));
    int *rowptr = malloc(((size_t)n + 1) * sizeof(int));
    if (!acc || !mark || !col || !val || !rowptr) {
        fprintf(stderr, "csr_matmul: out of memory\n");
        exit(1);
    }
    int nnz = 0;
    rowptr[0] = 0;
    for (int i = 0; i < n; ++i) {
        memset(acc, 0, (size_t)n * sizeof(double));
        memset(mark, 0, (size_t)n);
        for (int p = a->rowptr[i]; p < a->rowptr[i + 1]; ++p) {
            const int k = a->col[p];
            const double aik = a->val[p];
            for (int q = b->rowptr[k]; q < b->rowptr[k + 1]; ++q) {
                const int j = b->col[q];
                acc[j] += aik * b->val[q];
                mark[j] = 1;
            }
        }
        for (int j = 0; j < n; ++j) {
            if (!mark[j])
                continue;
            if (nnz == cap) {
                cap *= 2;
                col = realloc(col, (size_t)cap * sizeof(int));
                val = realloc(val, (size_t)cap * sizeof(double));
                if (!col || !val) {
                    fprintf(stderr, "csr_matmul: out of memory\n");
                    exit(1);
                }
            }
            col[nnz] = j;
            val[nnz] = acc[j];
            ++nnz;
        }
        rowptr[i + 1] = nnz;
    }
    free(acc);
    free(mark);
    c->n = n;
    c->nnz = nnz;
    c->rowptr = rowptr;
    c->col = col;
    c->val = val;
}

void csr_vecmat(const Csr *a, const double *x, double *y)
{
    for (int j = 0; j < a->n; ++j)
        y[j] = 0.0;
    for (int i = 0; i < a->n; ++i)
        for (int p = a->rowptr[i]; p < a->rowptr[i + 1]; ++p)
            y[a->col[p]] += x[i] * a->val[p];
}
