#ifndef GRID_H
#define GRID_H
#ifndef NPTS
#define NPTS 400000
#endif
#ifndef NSTEPS
#define NSTEPS 60
#endif
#ifndef SCALE
#define SCALE 1.0
#endif
void init(double *a, int n);
double smooth(double *a, double *b, int n);
#endif
