/* Four loops whose instruction mix differs: x87 long double, scalar double reduction, packed
   double (vectorized), and a libm call per element. */
#include <math.h>
long double ld_sum(const long double *x, int n) { long double s = 0; for (int i = 0; i < n; i++) s += x[i] * x[i]; return s; }
double d_sum(const double *x, int n) { double s = 0; for (int i = 0; i < n; i++) s += x[i] * x[i]; return s; }
void d_axpy(double *restrict y, const double *restrict x, double a, int n) { for (int i = 0; i < n; i++) y[i] += a * x[i]; }
void d_exp(double *restrict y, const double *restrict x, int n) { for (int i = 0; i < n; i++) y[i] = exp(x[i]); }
