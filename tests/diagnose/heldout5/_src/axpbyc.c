/* Small in-cache quadratic update, called many times through a helper taking plain pointers. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

__attribute__((noinline)) void update(double *y, const double *x, double a, double b, int n)
{
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] * x[i] + b * y[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1999, reps = argc > 2 ? atoi(argv[2]) : 400000;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    for (int i = 0; i < n; i++) { x[i] = 1e-3 * i; y[i] = 1.0; }
    double t0 = now();
    for (int r = 0; r < reps; r++) update(y, x, 0.25, 0.5, n);
    double t = now() - t0;
    printf("n=%d reps=%d time=%.3f s  GFLOP/s=%.2f\n", n, reps, t, 4.0 * n * reps / t / 1e9);
    printf("check=%.6f\n", y[n / 2]);
    return 0;
}
