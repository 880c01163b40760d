#include <math.h>
#include "hist.h"
double histo(const double *x, long n, long *bins, int nb) {
    double s = 0.0;
    for (long i0 = 0; i0 < n; i0 += BLOCK)
        for (long i = i0; i < i0 + BLOCK && i < n; ++i) {
            int b = (int)(fabs(x[i]) * nb) % nb;
            bins[b]++;
            s += x[i];
        }
    return s;
}
