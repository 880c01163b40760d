void matvec(int n, const double *a, const double *x, double *y);
void matvec_t(int n, const double *a, const double *x, double *y);
