#include <math.h>
#include <stdio.h>
#include "norms.h"

static double sq(double x)
{
    return x * x;
}

double norm2(const double *a, int n)
{
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++)
        s += sq(a[i]);
    return sqrt(s);
}

double rms(const double *a, int n)
{
    return norm2(a, n) / sqrt((double)n);
}

double norm_logged(const double *a, int n)
{
    double s = norm2(a, n);
    printf("norm %g\n", s);
    return s;
}

double norm_scratch(double *a, int n)
{
    a[0] = a[0];
    return norm2(a, n);
}
