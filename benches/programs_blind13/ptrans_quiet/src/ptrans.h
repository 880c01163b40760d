/* mirror: the HPC Challenge PTRANS operation, C := beta C + A^T, on one node */
#ifndef PTRANS_H
#define PTRANS_H

#include <stddef.h>

/* matgen.c: HPL / HPCC style pseudo-random matrices in [-0.5, 0.5) */
void matgen(double *m, int n, unsigned long seed);

/* ptrans.c: C := beta C + A^T, n x n, row-major, leading dimension n */
void ptrans(int n, double beta, const double *a, double *c);

/* verify.c: what the group checks after the run */
void summarize(const double *a, const double *c, int n, double beta, int reps);

#endif
