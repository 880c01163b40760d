#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* LU without pivoting, multipliers kept below the diagonal, then the two triangular solves */
void lu_solve(int n, double *a, double *b)
{
    for (int k = 0; k < n - 1; k++) {
        for (int i = k + 1; i < n; i++)
            a[i * n + k] /= a[k * n + k];
        for (int i = k + 1; i < n; i++)
            for (int j = k + 1; j < n; j++)
                a[i * n + j] -= a[i * n + k] * a[k * n + j];  /* HOT */
    }
    for (int k = 0; k < n - 1; k++)
        for (int i = k + 1; i < n; i++)
            b[i] -= a[i * n + k] * b[k];
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int j = i + 1; j < n; j++)
            s -= a[i * n + j] * b[j];
        b[i] = s / a[i * n + i];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 200;
    double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            a[i * n + j] = (i == j ? 2.0 * n : 0.0) + ((i * 5 + j * 9) % 13) * 0.1;
        b[i] = cos(0.05 * i);
    }
    lu_solve(n, a, b);
    for (int i = 0; i < n; i += n / 10)
        printf("x[%d] = %.14e\n", i, b[i]);
    free(a);
    free(b);
    return 0;
}
