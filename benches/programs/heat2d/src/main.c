#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "heat.h"

double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
    int steps = argc > 1 ? atoi(argv[1]) : 100;
    double *u = calloc((size_t)N * N, sizeof(double)), *v = calloc((size_t)N * N, sizeof(double));
    for (int j = 0; j < N; j++) u[j] = v[j] = 100.0; /* hot top edge */
    double t0 = now_s();
    for (int s = 0; s < steps; s++) {
        step(u, v, N);
        double *t = u; u = v; v = t;
    }
    double t1 = now_s();
    double sum = 0;
    for (long k = 0; k < (long)N * N; k++) sum += u[k];
    printf("heat2d N=%d steps=%d\n", N, steps);
    printf("Time: %.4f s\n", t1 - t0);
    printf("Checksum: %.10e\n", sum);
    return 0;
}
