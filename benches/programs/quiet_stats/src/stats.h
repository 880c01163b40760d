void moments(const double *x, long n, double out[3]);
