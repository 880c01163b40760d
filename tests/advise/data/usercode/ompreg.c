#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000000;
    double *a = malloc(n * sizeof *a);
    double s = 0.0;
    for (long i = 0; i < n; i++)
        a[i] = (double)(i % 7);
#pragma omp parallel for reduction(+:s)
    for (long i = 0; i < n; i++)
        for (int k = 0; k < 20; k++)
            s += a[i] * k / (a[i] + k + 1.0);
    printf("s=%g\n", s);
    free(a);
    return 0;
}
