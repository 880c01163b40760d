#ifndef BLOCK
#define BLOCK 16
#endif
double histo(const double *x, long n, long *bins, int nb);
