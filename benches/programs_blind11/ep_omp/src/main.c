/* gaussdev: counts of Gaussian deviates per annulus for the detector-noise study.
 * usage: gaussdev [m=26] [seed=271828183]   (2^m pairs of uniforms) */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#include "ep.h"

int main(int argc, char **argv)
{
    int m = argc > 1 ? atoi(argv[1]) : 26;
    double seed = argc > 2 ? atof(argv[2]) : EP_SEED;
    if (m < MK + 1 || m > 40) {
        fprintf(stderr, "gaussdev: m must be in %d..40\n", MK + 1);
        return 1;
    }
    ep_result r;
    double t0 = omp_get_wtime();
    ep_run(m, seed, &r);
    double t = omp_get_wtime() - t0;

    printf("pairs        2^%d\n", m);
    printf("sum x        %.15e\n", r.sx);
    printf("sum y        %.15e\n", r.sy);
    printf("accepted     %.0f\n", r.gc);
    for (int i = 0; i < NQ; i++)
        printf("annulus %d    %.0f\n", i, r.q[i]);
    printf("deviates: %.4f s wall (%.2f Mpairs/s)\n", t, (double)(1L << m) / t / 1e6);
    return 0;
}
