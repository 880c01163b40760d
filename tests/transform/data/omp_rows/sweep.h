#ifndef SWEEP_H
#define SWEEP_H
double smooth(const double *in, double *out, int n, int m);
void red_black(double *u, int n, int m);
void heat(double *u, double *w, int n, int m, int steps);
#endif
