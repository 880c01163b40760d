/* factorize: LU decomposition (Rodinia lud) of the group's kernel matrices */
#ifndef LUD_H
#define LUD_H

#ifndef MATRIX_DIM
#define MATRIX_DIM 1024
#endif

/* matrix.c: the matrix as Rodinia's create_matrix makes it, in double */
double *create_matrix(int size, double lambda);
double *copy_matrix(const double *m, int size);

/* lud.c: in place, L unit lower (below the diagonal), U upper (with the diagonal) */
void lud_base(double *a, int size);

/* report.c */
void report(const double *lu, int size);
double residual_sample(const double *orig, const double *lu, int size, int rows);

#endif
