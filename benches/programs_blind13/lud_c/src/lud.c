/* Rodinia 3.1 lud/base/lud_base.c (lud_base), as in the suite, in double:
 * row i of U, then column i of L, each entry a dot product over k < i. */
#include "lud.h"

void lud_base(double *a, int size)
{
    int i, j, k;
    double sum;

    for (i = 0; i < size; i++) {
        for (j = i; j < size; j++) {
            sum = a[i * size + j];
            for (k = 0; k < i; k++)
                sum -= a[i * size + k] * a[k * size + j];
            a[i * size + j] = sum;
        }

        for (j = i + 1; j < size; j++) {
            sum = a[j * size + i];
            for (k = 0; k < i; k++)
                sum -= a[j * size + k] * a[k * size + i];
            a[j * size + i] = sum / a[i * size + i];
        }
    }
}
