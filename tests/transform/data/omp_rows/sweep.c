#include <math.h>
#include "sweep.h"

/* one Jacobi step; returns the summed change */
double smooth(const double *in, double *out, int n, int m)
{
    int i, j;
    double change = 0.0;
    for (i = 1; i < n - 1; i++) {
#pragma omp parallel for reduction(+:change) schedule(static)
        for (j = 1; j < m - 1; j++) {
            double v = 0.25 * (in[(i - 1) * m + j] + in[(i + 1) * m + j]
                               + in[i * m + j - 1] + in[i * m + j + 1]);
            change += fabs(v - in[i * m + j]);
            out[i * m + j] = v;
        }
    }
    return change;
}

/* Gauss-Seidel, red-black ordering: a colour reads the other colour's new values */
void red_black(double *u, int n, int m)
{
    for (int c = 0; c < 2; c++) {
        for (int i = 1; i < n - 1; i++) {
#pragma omp parallel for
            for (int j = 1 + (i + c) % 2; j < m - 1; j += 2)
                u[i * m + j] = 0.25 * (u[(i - 1) * m + j] + u[(i + 1) * m + j]
                                       + u[i * m + j - 1] + u[i * m + j + 1]);
        }
    }
}

/* explicit heat steps on u, scratch in w: each step reads the previous one */
void heat(double *u, double *w, int n, int m, int steps)
{
    for (int s = 0; s < steps; s++) {
        for (int i = 1; i < n - 1; i++) {
#pragma omp parallel for
            for (int j = 1; j < m - 1; j++)
                w[i * m + j] = u[i * m + j] + 0.1 * (u[(i - 1) * m + j] + u[(i + 1) * m + j]
                                                     - 2.0 * u[i * m + j]);
        }
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < m - 1; j++)
                u[i * m + j] = w[i * m + j];
    }
}
