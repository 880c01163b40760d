#include "sparselu.h"

/* BOTS sparselu (sparselu_seq): the four block kernels and the right-looking loop. */
void lu0(double *diag)
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++) {
            diag[i * BS + k] = diag[i * BS + k] / diag[k * BS + k];
            for (int j = k + 1; j < BS; j++)
                diag[i * BS + j] = diag[i * BS + j] - diag[i * BS + k] * diag[k * BS + j];
        }
}

void bdiv(const double *diag, double *row)
{
    for (int i = 0; i < BS; i++)
        for (int k = 0; k < BS; k++) {
            row[i * BS + k] = row[i * BS + k] / diag[k * BS + k];
            for (int j = k + 1; j < BS; j++)
                row[i * BS + j] = row[i * BS + j] - row[i * BS + k] * diag[k * BS + j];
        }
}

void bmod(const double *row, const double *col, double *inner)
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            for (int k = 0; k < BS; k++)
                inner[i * BS + j] = inner[i * BS + j] - row[i * BS + k] * col[k * BS + j];
}

void fwd(const double *diag, double *col)
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++)
            for (int j = 0; j < BS; j++)
                col[i * BS + j] = col[i * BS + j] - diag[i * BS + k] * col[k * BS + j];
}

void sparselu(double **M)
{
    for (int kk = 0; kk < NB; kk++) {
        lu0(M[kk * NB + kk]);
        for (int jj = kk + 1; jj < NB; jj++)
            if (M[kk * NB + jj] != 0)
                fwd(M[kk * NB + kk], M[kk * NB + jj]);
        for (int ii = kk + 1; ii < NB; ii++)
            if (M[ii * NB + kk] != 0)
                bdiv(M[kk * NB + kk], M[ii * NB + kk]);
        for (int ii = kk + 1; ii < NB; ii++)
            if (M[ii * NB + kk] != 0)
                for (int jj = kk + 1; jj < NB; jj++)
                    if (M[kk * NB + jj] != 0) {
                        if (M[ii * NB + jj] == 0)
                            M[ii * NB + jj] = allocate_clean_block();
                        bmod(M[ii * NB + kk], M[kk * NB + jj], M[ii * NB + jj]);
                    }
    }
}
