#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "grid.h"

int main(void) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    double *a = malloc(sizeof(double) * NPTS), *b = malloc(sizeof(double) * NPTS);
    init(a, NPTS);
    double s = 0;
    for (int k = 0; k < NSTEPS; ++k) s += smooth(a, b, NPTS);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("points %d steps %d\n", NPTS, NSTEPS);
    printf("checksum: %.6e\n", s);
    printf("time: %.4f\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    free(a);
    free(b);
    return 0;
}
