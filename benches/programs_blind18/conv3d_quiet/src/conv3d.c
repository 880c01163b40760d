#include "conv3d.h"

/* PolyBench convolution-3d (kernel_conv2d's 3-D sibling): its nine coefficients and its
 * fifteen-point pattern, divided by the coefficients' sum (34) so that repeated passes keep
 * the volume's scale. */
void kernel_conv3d(int ni, int nj, int nk, const double *A, double *B)
{
    const double s = 1.0 / 34.0;
    const double c11 = +2 * s, c21 = +5 * s, c31 = -8 * s;
    const double c12 = -3 * s, c22 = +6 * s, c32 = -9 * s;
    const double c13 = +4 * s, c23 = +7 * s, c33 = +10 * s;

    for (int i = 1; i < ni - 1; ++i)
        for (int j = 1; j < nj - 1; ++j)
            for (int k = 1; k < nk - 1; ++k)
                B[IDX(i, j, k)] = c11 * A[IDX(i - 1, j - 1, k - 1)] + c13 * A[IDX(i + 1, j - 1, k - 1)]
                                + c21 * A[IDX(i - 1, j - 1, k - 1)] + c23 * A[IDX(i + 1, j - 1, k - 1)]
                                + c31 * A[IDX(i - 1, j - 1, k - 1)] + c33 * A[IDX(i + 1, j - 1, k - 1)]
                                + c12 * A[IDX(i, j - 1, k)] + c22 * A[IDX(i, j, k)]
                                + c32 * A[IDX(i, j + 1, k)] + c11 * A[IDX(i - 1, j - 1, k + 1)]
                                + c13 * A[IDX(i + 1, j - 1, k + 1)] + c21 * A[IDX(i - 1, j, k + 1)]
                                + c23 * A[IDX(i + 1, j, k + 1)] + c31 * A[IDX(i - 1, j + 1, k + 1)]
                                + c33 * A[IDX(i + 1, j + 1, k + 1)];
}
