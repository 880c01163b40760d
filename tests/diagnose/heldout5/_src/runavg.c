/* Running mean of a signal: for every sample, the mean of all samples so far. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

__attribute__((noinline)) void running_mean(double *out, const double *x, long n)
{
    for (long i = 0; i < n; i++) {
        double s = 0;
        for (long j = 0; j <= i; j++)
            s += x[j];
        out[i] = s / (i + 1);
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000;
    double *x = malloc(n * sizeof *x), *m = malloc(n * sizeof *m);
    for (long i = 0; i < n; i++) x[i] = (double)((i * 7919) % 1000) / 1000.0;
    double t0 = now();
    running_mean(m, x, n);
    printf("n=%ld time=%.4f s last_mean=%.6f\n", n, now() - t0, m[n - 1]);
    return 0;
}
