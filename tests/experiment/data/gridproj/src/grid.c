#include "grid.h"

/* column-order sweep over a row-major array: the stride-n inner loop a user would write */
double sweep(const double *a, int n) {
    double s = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) s += a[i * n + j] * 0.5;
    return s;
}
