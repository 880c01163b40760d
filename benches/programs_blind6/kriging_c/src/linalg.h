/* Dense symmetric positive definite solves, row-major storage */
#ifndef LINALG_H
#define LINALG_H

/* in-place Cholesky factorisation A = L L^T; L overwrites the lower triangle.
   Returns 0, or the 1-based index of the first non-positive pivot. */
int cholesky(int n, double *A);

/* solve L L^T x = b with the factor from cholesky(); b is overwritten by x */
void cholesky_solve(int n, const double *L, double *b);

/* log det(A) from its Cholesky factor */
double cholesky_logdet(int n, const double *L);

#endif
