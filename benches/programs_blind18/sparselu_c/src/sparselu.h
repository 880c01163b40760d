#ifndef BLOCKFACT_SPARSELU_H
#define BLOCKFACT_SPARSELU_H
/* A matrix of NB x NB blocks, each BS x BS doubles (row-major) or NULL (an empty block). */
extern int NB, BS;

double **genmat(void);
double *allocate_clean_block(void);
void sparselu(double **M);

void lu0(double *diag);
void fwd(const double *diag, double *col);
void bdiv(const double *diag, double *row);
void bmod(const double *row, const double *col, double *inner);
#endif
