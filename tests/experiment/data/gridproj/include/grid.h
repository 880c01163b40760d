/* a user's header: the grid size comes from -DN (default 100) */
#ifndef GRID_H
#define GRID_H
#ifndef N
#define N 100
#endif
double sweep(const double *a, int n);
#endif
