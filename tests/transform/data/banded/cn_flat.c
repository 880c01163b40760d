/* 1-D diffusion, Crank-Nicolson: the caller assembles the tridiagonal matrix into a flat
   n x n array (zeroed by a loop nest) and a general dense solver factors it every step. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

static void gauss(int n, double *m, const double *rhs, double *x)
{
    double *y = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++)
        y[i] = rhs[i];
    for (int k = 0; k < n; k++)
        for (int i = k + 1; i < n; i++) {
            double l = m[i * n + k] / m[k * n + k];
            m[i * n + k] = l;
            for (int j = k + 1; j < n; j++)
                m[i * n + j] = m[i * n + j] - l * m[k * n + j]; /* HOT */
            y[i] = y[i] - l * y[k];
        }
    for (int i = n - 1; i >= 0; i--) {
        double acc = 0.0;
        for (int j = i + 1; j < n; j++)
            acc += m[i * n + j] * x[j];
        x[i] = (y[i] - acc) / m[i * n + i];
    }
    free(y);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 250, steps = argc > 2 ? atoi(argv[2]) : 3;
    double r = 0.5, *m = malloc(sizeof(double) * n * n), *u = malloc(sizeof(double) * n);
    double *rhs = malloc(sizeof(double) * n), *x = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++)
        u[i] = exp(-0.001 * (i - n / 2) * (i - n / 2));
    for (int s = 0; s < steps; s++) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                m[i * n + j] = 0.0;
        for (int i = 0; i < n; i++) {
            m[i * n + i] = 1.0 + r;
            if (i > 0)
                m[i * n + i - 1] = -0.5 * r;
            if (i + 1 < n)
                m[i * n + (i + 1)] = -0.5 * r;
            rhs[i] = (1.0 - r) * u[i] + 0.5 * r * ((i > 0 ? u[i - 1] : 0.0) +
                                                   (i + 1 < n ? u[i + 1] : 0.0));
        }
        gauss(n, m, rhs, x);
        for (int i = 0; i < n; i++)
            u[i] = x[i];
    }
    for (int i = 0; i < n; i += n / 10)
        printf("u[%d] = %.12e\n", i, u[i]);
    free(m);
    free(u);
    free(rhs);
    free(x);
    return 0;
}
