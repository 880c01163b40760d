/* Applies a small shape function to every element; the function is kept out of line. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef INLINE
static inline double shape(double x)
#else
__attribute__((noinline)) static double shape(double x)
#endif
{
    return (0.5 * x + 1.5) * x + 2.0;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 4096;
    int reps = argc > 2 ? atoi(argv[2]) : 100000;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    for (long i = 0; i < n; i++) x[i] = 1.0 / (i + 1);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int r = 0; r < reps; r++) {
        for (long i = 0; i < n; i++)
            y[i] = shape(x[i]) + y[i] * 1e-9;
        x[r % n] += 1e-12;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double dt = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("time=%.3f s\n", dt);
    printf("rate=%.3f GFLOP/s\n", 5.0 * n * reps / dt / 1e9);
    printf("y0=%g\n", y[0]);
    return 0;
}
