/* y = a*x + y on a small, cache-resident vector, many times (built by the user as a debug build). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void axpy(long n, double a, const double *x, double *y) {
    for (long i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 2048;
    int reps = argc > 2 ? atoi(argv[2]) : 200000;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    for (long i = 0; i < n; i++) { x[i] = 1.0 / (i + 1); y[i] = 0.0; }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int r = 0; r < reps; r++) axpy(n, 1e-6, x, y);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double dt = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("n=%ld reps=%d time=%.3f s GFLOP/s=%.3f\n", n, reps, dt, 2.0 * n * reps / dt / 1e9);
    printf("y_last=%g\n", y[n - 1]);
    return 0;
}
