#include "bins.h"

/* counts of the samples per bin of [0, 1) */
void bin_samples(const double *x, long n, long *bins) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    int b = (int)(x[i] * NBINS);
#pragma omp atomic
    bins[b]++;
  }
}
