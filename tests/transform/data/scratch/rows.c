#include <stdlib.h>
#include "rows.h"

/* box filter of one row through prefix sums; returns the energy of the smoothed row */
double smooth_row(const double *x, int n, int width)
{
    double *tmp = (double *)malloc(sizeof(double) * (size_t)n);
    double *acc = calloc((size_t)n + 1, sizeof *acc);
    double s = 0.0;
    if (tmp == NULL || acc == NULL)
        abort();
    for (int i = 0; i < n; i++)
        acc[i + 1] = acc[i] + x[i];
    for (int i = 0; i < n; i++) {
        int lo = i - width < 0 ? 0 : i - width;
        int hi = i + width + 1 > n ? n : i + width + 1;
        tmp[i] = (acc[hi] - acc[lo]) / (hi - lo);
    }
    for (int i = 0; i < n; i++)
        s += tmp[i] * tmp[i];
    free(acc);
    free(tmp);
    return s;
}
