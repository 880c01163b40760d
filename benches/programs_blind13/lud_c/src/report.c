/* What the group looks at after a factorization: the log-determinant, sums of the
 * factors, a few entries, and the residual of L U against A on a few rows. */
#include <math.h>
#include <stdio.h>
#include "lud.h"

void report(const double *lu, int size)
{
    double logdet = 0.0, lsum = 0.0, usum = 0.0, umin = HUGE_VAL;
    for (int i = 0; i < size; i++) {
        double d = lu[(size_t)i * size + i];
        logdet += log(fabs(d));
        if (d < umin)
            umin = d;
        for (int j = 0; j < size; j++) {
            if (j < i)
                lsum += lu[(size_t)i * size + j];
            else
                usum += lu[(size_t)i * size + j];
        }
    }
    printf("logdet %.10e\n", logdet);
    printf("smallest pivot %.10e\n", umin);
    printf("sum L %.10e  sum U %.10e\n", lsum, usum);
    const int picks[5] = {1, size / 7, size / 3, size / 2, size - 1};
    for (int p = 0; p < 5; p++) {
        int i = picks[p], j = picks[4 - p];
        printf("entry (%d,%d) %.10e\n", i, j, lu[(size_t)i * size + j]);
    }
}

/* largest |(L U - A)_ij| over the first `rows` rows */
double residual_sample(const double *orig, const double *lu, int size, int rows)
{
    double worst = 0.0;
    for (int i = 0; i < rows && i < size; i++)
        for (int j = 0; j < size; j++) {
            int kmax = i < j ? i : j;
            double s = (i <= j) ? lu[(size_t)i * size + j] : lu[(size_t)i * size + j] * lu[(size_t)j * size + j];
            for (int k = 0; k < kmax; k++)
                s += lu[(size_t)i * size + k] * lu[(size_t)k * size + j];
            double e = fabs(s - orig[(size_t)i * size + j]);
            if (e > worst)
                worst = e;
        }
    return worst;
}
