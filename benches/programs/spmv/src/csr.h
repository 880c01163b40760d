typedef struct {
    int n, nnz;
    int *rowptr, *col;
    double *val;
} csr;

csr banded(int n, int band);
void spmv(const csr *a, const double *x, double *y);
