#include <stddef.h>
double kern(const double *a, size_t n) {
    double s = 0.0;
    int unused;
    #pragma omp parallel for reduction(+:s)
    for (size_t i = 0; i < n; i++) s += a[i] * a[i];
    return s;
}
