#include <stdio.h>
#include <stdlib.h>
#include <math.h>

void lu_solve(int n, double *a, double *b);

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 200;
    double *a = calloc((size_t)n * n, sizeof(double)), *b = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        a[i * n + i] = 4.0 + (i % 3) * 0.5;
        if (i > 0)
            a[i * n + i - 1] = -1.0;
        if (i < n - 1)
            a[i * n + i + 1] = -1.0 - (i % 2) * 0.25;
        b[i] = sin(0.1 * i);
    }
    lu_solve(n, a, b);
    for (int i = 0; i < n; i += n / 10)
        printf("x[%d] = %.14e\n", i, b[i]);
    free(a);
    free(b);
    return 0;
}
