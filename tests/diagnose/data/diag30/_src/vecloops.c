#include <math.h>
double sum_sq(const double *a, int n) { double s = 0; for (int i = 0; i < n; i++) s += a[i] * a[i]; return s; }
void scale(double *restrict b, const double *restrict a, int n) { for (int i = 0; i < n; i++) b[i] = 2.0 * a[i]; }
void gather(double *b, const double *a, const int *idx, int n) { for (int i = 0; i < n; i++) b[i] = a[idx[i]] + b[i-1]; }
