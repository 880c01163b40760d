#include <math.h>
#include "conv3d.h"

/* PolyBench convolution-3d's init_array: A[i][j][k] = i % 12 + 2 * (j % 7) + 3 * (k % 13),
 * here with a smooth phantom added so that the filtered volume is not periodic. */
void init_volume(double *A)
{
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++) {
                double x = (i - NI / 2) / (double)NI, y = (j - NJ / 3) / (double)NJ,
                       z = (k - NK / 2) / (double)NK;
                A[IDX(i, j, k)] = (i % 12 + 2 * (j % 7) + 3 * (k % 13)) / 48.0
                                  + exp(-8.0 * (x * x + y * y + z * z));
            }
}
