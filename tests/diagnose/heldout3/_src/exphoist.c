/* Damped modes: out[i][j] = exp(-alpha * t[i]) * v[j]; the decay factor depends only on i. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    int nt = argc > 1 ? atoi(argv[1]) : 20000, nv = argc > 2 ? atoi(argv[2]) : 4000;
    double alpha = 0.37;
    double *t = malloc(nt * sizeof *t), *v = malloc(nv * sizeof *v), *row = malloc(nv * sizeof *row);
    for (int i = 0; i < nt; i++) t[i] = i * 1e-3;
    for (int j = 0; j < nv; j++) v[j] = sin(j * 0.01);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    double total = 0;
    for (int i = 0; i < nt; i++) {
#ifdef HOIST
        double d = exp(-alpha * t[i]);
#endif
        for (int j = 0; j < nv; j++) {
#ifdef HOIST
            row[j] = d * v[j];
#else
            row[j] = exp(-alpha * t[i]) * v[j];
#endif
        }
        total += row[i % nv];
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double dt = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("elements=%ld time=%.3f s total=%.6f\n", (long)nt * nv, dt, total);
    return 0;
}
