#define NBINS 64
void bin_samples(const double *x, long n, long *bins);
