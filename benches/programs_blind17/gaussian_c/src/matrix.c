#include <math.h>
#include "gaussian.h"
/* Rodinia gaussian's create_matrix (lamda = -0.01, coe[i] = 10 exp(lamda i)), a
   diagonally dominant Toeplitz matrix; the right-hand side all ones */
void create_matrix(float *a, float *b, int size)
{
    const float lamda = -0.01f;
    float coe[2 * size - 1];
    for (int i = 0; i < size; i++) {
        float coe_i = 10 * expf(lamda * i);
        coe[size - 1 + i] = coe_i;
        coe[size - 1 - i] = coe_i;
    }
    for (int i = 0; i < size; i++) {
        for (int j = 0; j < size; j++)
            a[(long)i * size + j] = coe[size - 1 - i + j];
        b[i] = 1.0f + 0.001f * (i % 17);
    }
}
