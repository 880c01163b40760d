#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "bins.h"

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000000;
  double *x = malloc(sizeof(double) * (size_t)n);
  long bins[NBINS] = {0};
  for (long i = 0; i < n; i++) {
    double v = i * 0.6180339887498949;
    x[i] = v - floor(v);
  }
  for (int rep = 0; rep < 20; rep++) bin_samples(x, n, bins);
  long peak = 0;
  for (int b = 0; b < NBINS; b++) if (bins[b] > peak) peak = bins[b];
  printf("bins %d peak count %ld first %ld\n", NBINS, peak, bins[0]);
  free(x);
  return 0;
}
