#ifndef SWEEP_H
#define SWEEP_H
void sweep(int n, double *a);
#endif
