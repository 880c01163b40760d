/* Mean absolute deviation of every prefix, each recomputed from the first sample: the inner
   loop is a scalar double sum (not vectorized without -ffast-math), and the total work grows
   as n^2. An incremental form would be O(n). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) static void prefix_dev(double *out, const double *x, long n)
{
    for (long i = 0; i < n; i++) {
        double s = 0.0;
        for (long j = 0; j <= i; j++)
            s += x[j] * x[j];
        out[i] = s / (double)(i + 1);
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 10000;
    double *x = malloc(sizeof(double) * (size_t)n), *o = malloc(sizeof(double) * (size_t)n);
    for (long i = 0; i < n; i++) x[i] = (double)((i * 7919) % 1000) / 1000.0;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    prefix_dev(o, x, n);
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("samples=%ld time=%.4f s last=%.6f\n", n,
           (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec), o[n - 1]);
    free(x); free(o);
    return 0;
}
