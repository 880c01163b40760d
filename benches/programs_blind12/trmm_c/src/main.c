/* basischange: map NSNAP snapshots through the triangular basis change, report, time it */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "basis.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(void)
{
    double alpha;
    double (*A)[NBASIS] = malloc(sizeof(double[NBASIS][NBASIS]));
    double (*B)[NSNAP] = malloc(sizeof(double[NBASIS][NSNAP]));
    if (!A || !B) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    init_arrays(NBASIS, NSNAP, &alpha, A, B);
    printf("basis %d snapshots %d\n", NBASIS, NSNAP);
    double t0 = now();
    kernel_trmm(NBASIS, NSNAP, alpha, A, B);
    double t1 = now();
    summarise(NBASIS, NSNAP, B);
    printf("trmm: %.4f s\n", t1 - t0);
    free(A);
    free(B);
    return 0;
}
