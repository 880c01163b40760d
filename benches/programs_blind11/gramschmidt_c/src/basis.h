/* krylovbasis: a reduced-order model's basis from m-dimensional snapshots of a flow
 * (n of them): A = Q R by classical Gram-Schmidt, PolyBench/C's gramschmidt kernel. */
#ifndef BASIS_H
#define BASIS_H

#include <stddef.h>

/* row-major m x n matrices, as the snapshots arrive (one row per grid point) */
typedef struct {
    int rows, cols;
    double *v;
} matrix;

#define AT(mat, i, j) ((mat).v[(size_t)(i) * (size_t)(mat).cols + (size_t)(j)])

matrix matrix_new(int rows, int cols);
void matrix_free(matrix *a);

/* snapshots.c: n snapshots of a travelling wave packet with noise, at m grid points */
void snapshots(matrix a, unsigned seed);

/* gramschmidt.c: A (m x n) -> Q (m x n, orthonormal columns), R (n x n, upper); A is
 * overwritten (the suite's kernel) */
void gramschmidt(matrix a, matrix r, matrix q);

#endif
