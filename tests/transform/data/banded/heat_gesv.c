/* 1-D heat equation, implicit Euler: the tridiagonal system assembled into a full
   column-major matrix (calloc) and solved with LAPACK's dense dgesv every step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv,
                   double *b, const int *ldb, int *info);

static int step(int n, double r, double *u)
{
    int nrhs = 1, info = 0;
    int *ipiv = malloc(sizeof(int) * n);
    double *a = calloc((size_t)n * n, sizeof(double));
    for (int i = 0; i < n; i++) {
        double w = 0.0; /* a conductivity averaged over the cell: the fill's own work */
        for (int q = 0; q < 4000; q++)
            w += 1.0 / (1.0 + q + i);
        a[i + i * n] = 1.0 + 2.0 * r + 0.01 * (i % 3) + 1e-9 * w;
        if (i > 0)
            a[i + (i - 1) * n] = -r;
        if (i < n - 1)
            a[i + (i + 1) * n] = -r * (1.0 + 0.001 * i);
    }
    dgesv_(&n, &nrhs, a, &n, ipiv, u, &n, &info); /* HOT */
    free(a);
    free(ipiv);
    return info;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 300, steps = argc > 2 ? atoi(argv[2]) : 4;
    double *u = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++)
        u[i] = sin(M_PI * (i + 1) / (n + 1)) + 0.1 * (i % 7);
    for (int t = 0; t < steps; t++)
        if (step(n, 0.4, u) != 0) {
            printf("singular\n");
            return 1;
        }
    for (int i = 0; i < n; i += n / 10)
        printf("u[%d] = %.12e\n", i, u[i]);
    free(u);
    return 0;
}
