/* a user's program: own timer, own output format, checksum printed, output file written */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "grid.h"

int main(int argc, char **argv) {
    int iters = argc > 1 ? atoi(argv[1]) : 10;
    double *a = malloc(sizeof(double) * N * N);
    for (int i = 0; i < N * N; i++) a[i] = sqrt((double)(i % 7));
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    double s = 0;
    for (int k = 0; k < iters; k++) s += sweep(a, N);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("grid %d x %d, %d sweeps\n", N, N, iters);
    printf("Elapsed: %.6f s\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    printf("checksum = %.12e\n", s);
    FILE *f = fopen("field.out", "w");
    for (int i = 0; i < N; i++) fprintf(f, "%.10f\n", a[i * N + i] * s);
    fclose(f);
    free(a);
    return 0;
}
