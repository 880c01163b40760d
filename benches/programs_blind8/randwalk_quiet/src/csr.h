/* Compressed sparse row matrices, the few operations the walk code needs. */
#ifndef CSR_H
#define CSR_H

typedef struct {
    int n;          /* rows = columns */
    int nnz;
    int *rowptr;    /* n + 1 */
    int *col;       /* nnz, sorted within each row */
    double *val;    /* nnz */
} Csr;

void csr_alloc(Csr *a, int n, int nnz);
void csr_free(Csr *a);
/* c = a * b (c allocated here; columns of each row of c sorted ascending) */
void csr_matmul(const Csr *a, const Csr *b, Csr *c);
/* y = x^T a (row vector times matrix) */
void csr_vecmat(const Csr *a, const double *x, double *y);

#endif
