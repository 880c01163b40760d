/* basischange: sizes and the kernel's interface */
#ifndef BASIS_H
#define BASIS_H

#ifndef NBASIS
#define NBASIS 500
#endif
#ifndef NSNAP
#define NSNAP 600
#endif

void init_arrays(int m, int n, double *alpha, double A[NBASIS][NBASIS],
                 double B[NBASIS][NSNAP]);
void kernel_trmm(int m, int n, double alpha, double A[NBASIS][NBASIS],
                 double B[NBASIS][NSNAP]);
void summarise(int m, int n, double B[NBASIS][NSNAP]);

#endif
