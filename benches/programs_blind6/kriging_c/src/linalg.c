#include "linalg.h"

#include <math.h>

int cholesky(int n, double *A)
{
    for (int j = 0; j < n; j++) {
        double *aj = A + (long)j * n;
        double d = aj[j];
        for (int k = 0; k < j; k++)
            d -= aj[k] * aj[k];
        if (d <= 0.0)
            return j + 1;
        d = sqrt(d);
        aj[j] = d;
        for (int i = j + 1; i < n; i++) {
            double *ai = A + (long)i * n;
            double s = ai[j];
            for (int k = 0; k < j; k++)
                s -= ai[k] * aj[k];
            ai[j] = s / d;
        }
    }
    return 0;
}

void cholesky_solve(int n, const double *L, double *b)
{
    /* forward: L y = b */
    for (int i = 0; i < n; i++) {
        const double *li = L + (long)i * n;
        double s = b[i];
        for (int k = 0; k < i; k++)
            s -= li[k] * b[k];
        b[i] = s / li[i];
    }
    /* backward: L^T x = y */
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int k = i + 1; k < n; k++)
            s -= L[(long)k * n + i] * b[k];
        b[i] = s / L[(long)i * n + i];
    }
}

double cholesky_logdet(int n, const double *L)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += log(L[(long)i * n + i]);
    return 2.0 * s;
}
