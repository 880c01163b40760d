/* despeckle: SRAD on a synthetic frame; usage: despeckle ROWS COLS ITERATIONS LAMBDA */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "srad.h"

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s ROWS COLS ITERATIONS LAMBDA\n", argv[0]);
        return 2;
    }
    int rows = atoi(argv[1]), cols = atoi(argv[2]), niter = atoi(argv[3]);
    float lambda = (float)atof(argv[4]);
    if (rows < 16 || cols < 16 || niter < 1) {
        fprintf(stderr, "bad sizes\n");
        return 2;
    }
    Frame f = frame_new(rows, cols);
    frame_synthetic(&f, 4242u);
    /* the region of interest: a patch of background speckle, as in the suite's r1..c2 */
    int r1 = 0, r2 = rows / 8, c1 = 0, c2 = cols / 8;
    printf("frame %d x %d, %d iterations, lambda %.3f\n", rows, cols, niter, lambda);
    double t0 = omp_get_wtime();
    srad_iterate(&f, r1, r2, c1, c2, lambda, niter);
    double t1 = omp_get_wtime();
    frame_report(&f);
    printf("srad time %.4f s\n", t1 - t0);
    frame_free(&f);
    return 0;
}
