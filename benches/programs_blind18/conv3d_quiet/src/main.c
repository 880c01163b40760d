/* voxfilter: PASSES passes of the 3-D convolution, ping-ponging two volumes; prints the
 * filtered volume's sums and a few voxels (no timing: the user runs it under `time`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "conv3d.h"

int main(void)
{
    double *A = malloc(sizeof(double) * NI * NJ * NK);
    double *B = malloc(sizeof(double) * NI * NJ * NK);
    if (!A || !B) { fprintf(stderr, "voxfilter: out of memory\n"); return 1; }
    init_volume(A);
    memcpy(B, A, sizeof(double) * NI * NJ * NK);   /* the faces keep their values */
    for (int p = 0; p < PASSES; p++) {
        kernel_conv3d(NI, NJ, NK, A, B);
        double *t = A; A = B; B = t;
    }
    double sum = 0.0, sumsq = 0.0, wsum = 0.0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++) {
                double v = A[IDX(i, j, k)];
                sum += v;
                sumsq += v * v;
                wsum += v * ((i + 2 * j + 3 * k) % 17);
            }
    printf("volume %d x %d x %d after %d passes\n", NI, NJ, NK, PASSES);
    printf("sum      %.12e\n", sum);
    printf("sumsq    %.12e\n", sumsq);
    printf("weighted %.12e\n", wsum);
    printf("voxel    %.12e %.12e %.12e\n", A[IDX(NI / 2, NJ / 2, NK / 2)],
           A[IDX(7, NJ - 9, 33)], A[IDX(NI - 5, 11, NK - 20)]);
    free(A); free(B);
    return 0;
}
