/* The test matrix of Rodinia's lud (common/common.c: create_matrix): a symmetric
 * Toeplitz matrix with entries 10 exp(lambda |i - j|), here in double precision. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lud.h"

double *create_matrix(int size, double lambda)
{
    double *coe = malloc(sizeof(double) * (2 * size - 1));
    double *m = malloc(sizeof(double) * (size_t)size * size);
    if (!coe || !m) {
        fprintf(stderr, "factorize: out of memory for a %d x %d matrix\n", size, size);
        exit(1);
    }
    for (int i = 0; i < size; i++) {
        double coe_i = 10 * exp(lambda * i);
        coe[size - 1 + i] = coe_i;
        coe[size - 1 - i] = coe_i;
    }
    for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++)
            m[(size_t)i * size + j] = coe[size - 1 - i + j];
    free(coe);
    return m;
}

double *copy_matrix(const double *m, int size)
{
    double *c = malloc(sizeof(double) * (size_t)size * size);
    if (!c) {
        fprintf(stderr, "factorize: out of memory\n");
        exit(1);
    }
    memcpy(c, m, sizeof(double) * (size_t)size * size);
    return c;
}
