#include "matvec.h"

/* y = A x, with A stored row-major; the loop over rows is inside (stride n) */
void matvec(int n, const double *a, const double *x, double *y) {
    for (int i = 0; i < n; i++) y[i] = 0.0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            y[i] += a[(long)i * n + j] * x[j];
}

/* y = A^T x */
void matvec_t(int n, const double *a, const double *x, double *y) {
    for (int j = 0; j < n; j++) {
        double s = 0.0;
        for (int i = 0; i < n; i++) s += a[(long)i * n + j] * x[i];
        y[j] = s;
    }
}
