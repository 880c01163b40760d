/* factorize: LU-decompose the group's MATRIX_DIM x MATRIX_DIM kernel matrix (Rodinia lud)
 * usage: ./factorize [lambda]     (the size is fixed at build time: -DMATRIX_DIM=...) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "lud.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char **argv)
{
    const int size = MATRIX_DIM;
    double lambda = argc > 1 ? atof(argv[1]) : -0.001;

    double *a = create_matrix(size, lambda);
    double *orig = copy_matrix(a, size);
    printf("matrix %d x %d, lambda %g\n", size, size, lambda);

    double t0 = now();
    lud_base(a, size);
    double t1 = now();

    report(a, size);
    double res = residual_sample(orig, a, size, 8);
    printf("residual (first 8 rows) %s 1e-9\n", res < 1e-9 ? "below" : "ABOVE");
    printf("Time consumed(ms): %.3f\n", (t1 - t0) * 1000.0);
    free(a);
    free(orig);
    return 0;
}
