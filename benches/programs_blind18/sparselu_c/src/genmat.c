#include <stdio.h>
#include <stdlib.h>
#include "sparselu.h"

int NB = 40, BS = 80;

double *allocate_clean_block(void)
{
    double *p = calloc((size_t)BS * BS, sizeof(double));
    if (!p) { fprintf(stderr, "blockfact: out of memory\n"); exit(1); }
    return p;
}

/* BOTS sparselu's genmat: its pattern of empty blocks and its generator
 * (init_val = 3125 * init_val mod 65536); the diagonal of the diagonal blocks is
 * strengthened (the user's matrices are diagonally dominant; no pivoting). */
double **genmat(void)
{
    double **M = calloc((size_t)NB * NB, sizeof(double *));
    int init_val = 1325;
    for (int ii = 0; ii < NB; ii++)
        for (int jj = 0; jj < NB; jj++) {
            int null_entry = 0;
            if ((ii < jj) && (ii % 3 != 0)) null_entry = 1;
            if ((ii > jj) && (jj % 3 != 0)) null_entry = 1;
            if (ii % 2 == 1) null_entry = 1;
            if (jj % 2 == 1) null_entry = 1;
            if (ii == jj) null_entry = 0;
            if (ii == jj - 1) null_entry = 0;
            if (ii - 1 == jj) null_entry = 0;
            if (!null_entry) {
                double *p = allocate_clean_block();
                M[ii * NB + jj] = p;
                for (int i = 0; i < BS; i++)
                    for (int j = 0; j < BS; j++) {
                        init_val = (3125 * init_val) % 65536;
                        p[i * BS + j] = (init_val - 32768.0) / 16384.0;
                    }
                if (ii == jj)
                    for (int i = 0; i < BS; i++)
                        p[i * BS + i] += 2.0 * BS;
            }
        }
    return M;
}
