#include "grid.h"

void init(double *a, int n) {
    for (int i = 0; i < n; ++i) a[i] = (double)(i % 13) / 13.0;
}

double smooth(double *a, double *b, int n) {
    double s = 0;
    for (int i = 1; i < n - 1; ++i) b[i] = (a[i - 1] + 2.0 * a[i] + a[i + 1]) * 0.25;
    for (int i = 1; i < n - 1; ++i) {
        a[i] = b[i];
        s += a[i] * SCALE;
    }
    return s;
}
