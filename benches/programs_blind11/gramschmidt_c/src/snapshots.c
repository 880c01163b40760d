#include <math.h>
#include <stdlib.h>
#include "basis.h"

matrix matrix_new(int rows, int cols)
{
    matrix a = {rows, cols, calloc((size_t)rows * (size_t)cols, sizeof(double))};
    if (!a.v)
        abort();
    return a;
}

void matrix_free(matrix *a)
{
    free(a->v);
    a->v = NULL;
}

static double uniform(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) * (1.0 / 9007199254740992.0);
}

void snapshots(matrix a, unsigned seed)
{
    unsigned long long s = seed;
    const double pi = 3.14159265358979323846;
    for (int i = 0; i < a.rows; i++) {
        double x = (double)i / a.rows;
        for (int j = 0; j < a.cols; j++) {
            double t = (double)j / a.cols;
            double c = x - 0.2 - 0.6 * t;
            AT(a, i, j) = exp(-80.0 * c * c) * cos(2.0 * pi * (12.0 * x - 3.0 * t))
                          + 0.05 * sin(2.0 * pi * (j % 7 + 1) * x)
                          + 0.01 * (uniform(&s) - 0.5);
        }
    }
}
