/* randlc / vranlc of the NAS Parallel Benchmarks (x_{k+1} = a x_k mod 2^46, in doubles) */
#include "ep.h"

static const double r23 = 1.0 / 8388608.0;            /* 2^-23 */
static const double r46 = 1.0 / 70368744177664.0;     /* 2^-46 */
static const double t23 = 8388608.0;
static const double t46 = 70368744177664.0;

double randlc(double *x, double a)
{
    double t1, t2, t3, t4, a1, a2, x1, x2, z;
    t1 = r23 * a;
    a1 = (int)t1;
    a2 = a - t23 * a1;
    t1 = r23 * (*x);
    x1 = (int)t1;
    x2 = *x - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    t2 = (int)(r23 * t1);
    z = t1 - t23 * t2;
    t3 = t23 * z + a2 * x2;
    t4 = (int)(r46 * t3);
    *x = t3 - t46 * t4;
    return r46 * (*x);
}

void vranlc(int n, double *x, double a, double y[])
{
    double t1, t2, t3, t4, a1, a2, x1, x2, z;
    t1 = r23 * a;
    a1 = (int)t1;
    a2 = a - t23 * a1;
    for (int i = 0; i < n; i++) {
        t1 = r23 * (*x);
        x1 = (int)t1;
        x2 = *x - t23 * x1;
        t1 = a1 * x2 + a2 * x1;
        t2 = (int)(r23 * t1);
        z = t1 - t23 * t2;
        t3 = t23 * z + a2 * x2;
        t4 = (int)(r46 * t3);
        *x = t3 - t46 * t4;
        y[i] = r46 * (*x);
    }
}
