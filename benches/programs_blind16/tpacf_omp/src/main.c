/* angcorr NDATA NRANDOM-SETS: DD, DR and RR pair counts of the data patch and NRANDOM random
   patches of the same size (Parboil tpacf), then the Landy-Szalay estimate */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tpacf.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10000;
    int nrand = argc > 2 ? atoi(argv[2]) : 3;
    Point *data = malloc(n * sizeof(Point)), *rnd = malloc(n * sizeof(Point));
    double binb[NBINS + 1];
    hist_t dd[NBINS + 2], dr[NBINS + 2], rr[NBINS + 2];
    memset(dd, 0, sizeof dd);
    memset(dr, 0, sizeof dr);
    memset(rr, 0, sizeof rr);
    make_bins(binb);
    make_catalog(data, n, 12345ULL, 1);
    printf("tpacf: %d data points, %d random sets of %d\n", n, nrand, n);

    double t0 = omp_get_wtime();
    doCompute(data, n, data, n, binb, dd, 1);
    for (int r = 0; r < nrand; r++) {
        make_catalog(rnd, n, 777ULL + 1000ULL * r, 0);
        doCompute(data, n, rnd, n, binb, dr, 0);
        doCompute(rnd, n, rnd, n, binb, rr, 1);
    }
    double t1 = omp_get_wtime();

    landy_szalay(dd, dr, rr, n, n, nrand);
    printf("Time: %.3f s for the pair counts\n", t1 - t0);
    free(data);
    free(rnd);
    return 0;
}
