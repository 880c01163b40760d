/* Covariance model (Gaussian variogram with nugget) */
#ifndef COVARIANCE_H
#define COVARIANCE_H

typedef struct {
    double sill;    /* partial sill [mm^2] */
    double range;   /* practical range [km] */
    double nugget;  /* nugget [mm^2] */
} Variogram;

double cov(const Variogram *v, double h);

/* C[i*n + j] = cov(|p_i - p_j|) + nugget on the diagonal, n x n, row-major */
void cov_matrix(const Variogram *v, int n, const double *x, const double *y, double *C);

#endif
