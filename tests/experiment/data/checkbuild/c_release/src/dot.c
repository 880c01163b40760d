#include <assert.h>
#include "dot.h"
double dot(const double *a, const double *b, long n) {
    assert(n > 0);
    double s = 0.0;
    for (long i = 0; i < n; ++i) s += a[i] * b[i];
    return s;
}
