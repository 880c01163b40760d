/* The PolyBench/C 4.2 adi kernel, as written in the suite (medley/stencils: a
 * column sweep solving tridiagonal systems down each column, then a row sweep along
 * each row, p and q the Thomas algorithm's forward coefficients). */
#include "adi.h"

#define SCALAR_VAL(x) x

void kernel_adi(int tsteps, int n, DATA_TYPE u[n][n], DATA_TYPE v[n][n],
                DATA_TYPE p[n][n], DATA_TYPE q[n][n])
{
    int t, i, j;
    DATA_TYPE DX, DY, DT;
    DATA_TYPE B1, B2;
    DATA_TYPE mul1, mul2;
    DATA_TYPE a, b, c, d, e, f;

    DX = SCALAR_VAL(1.0) / (DATA_TYPE)n;
    DY = SCALAR_VAL(1.0) / (DATA_TYPE)n;
    DT = SCALAR_VAL(1.0) / (DATA_TYPE)tsteps;
    B1 = SCALAR_VAL(2.0);
    B2 = SCALAR_VAL(1.0);
    mul1 = B1 * DT / (DX * DX);
    mul2 = B2 * DT / (DY * DY);

    a = -mul1 / SCALAR_VAL(2.0);
    b = SCALAR_VAL(1.0) + mul1;
    c = a;
    d = -mul2 / SCALAR_VAL(2.0);
    e = SCALAR_VAL(1.0) + mul2;
    f = d;

    for (t = 1; t <= tsteps; t++) {
        /* Column Sweep */
        for (i = 1; i < n - 1; i++) {
            v[0][i] = SCALAR_VAL(1.0);
            p[i][0] = SCALAR_VAL(0.0);
            q[i][0] = v[0][i];
            for (j = 1; j < n - 1; j++) {
                p[i][j] = -c / (a * p[i][j - 1] + b);
                q[i][j] = (-d * u[j][i - 1] + (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * d) * u[j][i]
                           - f * u[j][i + 1] - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
            }

            v[n - 1][i] = SCALAR_VAL(1.0);
            for (j = n - 2; j >= 1; j--) {
                v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
            }
        }
        /* Row Sweep */
        for (i = 1; i < n - 1; i++) {
            u[i][0] = SCALAR_VAL(1.0);
            p[i][0] = SCALAR_VAL(0.0);
            q[i][0] = u[i][0];
            for (j = 1; j < n - 1; j++) {
                p[i][j] = -f / (d * p[i][j - 1] + e);
                q[i][j] = (-a * v[i - 1][j] + (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * a) * v[i][j]
                           - c * v[i + 1][j] - d * q[i][j - 1]) / (d * p[i][j - 1] + e);
            }
            u[i][n - 1] = SCALAR_VAL(1.0);
            for (j = n - 2; j >= 1; j--) {
                u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
            }
        }
    }
}
