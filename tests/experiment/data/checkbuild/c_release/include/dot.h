double dot(const double *a, const double *b, long n);
