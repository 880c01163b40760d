#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "hist.h"
int main(void) {
    long n = 2000000; int nb = 100;
    double *x = malloc(n * sizeof *x);
    long *bins = calloc(nb, sizeof *bins);
    for (long i = 0; i < n; ++i) x[i] = (double)((i * 7919) % 1000) / 1000.0;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    double s = 0.0;
    for (int r = 0; r < 10; ++r) s += histo(x, n, bins, nb);
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("time: %.4f s\n", (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
    printf("checksum = %.10e %ld\n", s, bins[3]);
    free(x); free(bins);
    return 0;
}
