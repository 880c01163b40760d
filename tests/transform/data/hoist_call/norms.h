#ifndef NORMS_H
#define NORMS_H
double norm2(const double *a, int n);
double norm_logged(const double *a, int n);
double norm_scratch(double *a, int n);
double rms(const double *a, int n);
#endif
