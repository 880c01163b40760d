#ifndef GRAM_H
#define GRAM_H
#ifndef NROWS
#define NROWS 1000
#endif
#ifndef NCOLS
#define NCOLS 1200
#endif
void init_array(int n, int m, double *alpha, double *beta, double *C, double *A);
void kernel_syrk(int n, int m, double alpha, double beta, double *C, const double *A);
#endif
