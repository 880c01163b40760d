#include "covariance.h"

#include <math.h>

double cov(const Variogram *v, double h)
{
    double s = h / v->range;
    return v->sill * exp(-3.0 * s * s);
}

void cov_matrix(const Variogram *v, int n, const double *x, const double *y, double *C)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            double h = hypot(x[i] - x[j], y[i] - y[j]);
            C[(long)i * n + j] = C[(long)j * n + i] = cov(v, h);
        }
        C[(long)i * n + i] = v->sill + v->nugget;
    }
}
