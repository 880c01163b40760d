#ifndef KERNEL_H
#define KERNEL_H
void matvec(int n, const double *a, const double *x, double *y);
#endif
