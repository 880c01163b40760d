#include <math.h>
#include "stats.h"

/* running moments of a sample (sum, sum of squares, sum of logs) */
void moments(const double *x, long n, double out[3]) {
    double s = 0, q = 0, l = 0;
    for (long i = 0; i < n; i++) {
        s += x[i];
        q += x[i] * x[i];
        l += log(x[i]);
    }
    out[0] = s; out[1] = q; out[2] = l;
}
