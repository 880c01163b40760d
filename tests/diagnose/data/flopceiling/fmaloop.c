#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1024

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

void step(double *restrict x, double *restrict v, int reps)
{
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < N; i++) {
            v[i] = v[i] * 0.999 + x[i] * 1e-3;
            x[i] = x[i] * 0.998 + v[i] * 1e-3;
        }
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 200000;
    double *x = aligned_alloc(64, N * sizeof *x), *v = aligned_alloc(64, N * sizeof *v);
    for (int i = 0; i < N; i++) { x[i] = i; v[i] = 1.0; }
    double t0 = now();
    step(x, v, reps);
    double t = now() - t0;
    printf("time=%.3f s\n", t);
    printf("GFLOP/s=%.2f\n", 8.0 * N * (double)reps / t * 1e-9);
    printf("x[7]=%g\n", x[7]);
    return 0;
}
