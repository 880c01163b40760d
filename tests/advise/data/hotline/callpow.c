#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double work(const double *x, long n)
{
    double s = 0.0;
    for (long i = 0; i < n; i++)
        s += pow(x[i], 1.37);
    return s;
}

static void scale(double *x, long n, int reps)
{
    for (int r = 0; r < reps; r++)
        for (long i = 0; i < n; i++)
            x[i] = x[i] * 0.999 + 0.001 * (double)i;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    int reps = argc > 2 ? atoi(argv[2]) : 4;
    double *x = malloc((size_t)n * sizeof *x);
    for (long i = 0; i < n; i++)
        x[i] = 1.0 + (double)(i % 100) / 100.0;
    double tot = 0.0;
    for (int r = 0; r < reps; r++)
        tot += work(x, n);
    scale(x, n, argc > 3 ? atoi(argv[3]) : 1);
    printf("sum=%.6e\n", tot + x[n / 2]);
    free(x);
    return 0;
}
