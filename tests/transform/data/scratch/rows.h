#ifndef ROWS_H
#define ROWS_H
double smooth_row(const double *x, int n, int width);
#endif
