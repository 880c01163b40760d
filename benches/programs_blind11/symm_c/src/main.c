/* loadcase: one symm of the structural group's load-case sweep, timed. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "loadcase.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(void)
{
    double alpha, beta;
    double (*K)[NDOF] = malloc(sizeof(double[NDOF][NDOF]));
    double (*F)[NCASES] = malloc(sizeof(double[NDOF][NCASES]));
    double (*R)[NCASES] = malloc(sizeof(double[NDOF][NCASES]));
    if (!K || !F || !R) {
        fprintf(stderr, "loadcase: out of memory\n");
        return 1;
    }
    model_init(NDOF, NCASES, &alpha, &beta, K, F, R);
    double t0 = now();
    kernel_symm(NDOF, NCASES, alpha, beta, R, K, F);
    double t = now() - t0;
    report(NDOF, NCASES, R, t);
    free(K);
    free(F);
    free(R);
    return 0;
}
