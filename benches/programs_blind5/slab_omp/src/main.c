/* slab: reflection, transmission and absorption of light by a scattering slab
 * (Monte Carlo, photon packets with implicit capture), OpenMP over the packets.
 * usage: slab [photons=2000000] [tau=10] [albedo=0.99] [g=0.7] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <omp.h>
#include "transport.h"

int main(int argc, char **argv)
{
    long nphot = argc > 1 ? atol(argv[1]) : 2000000;
    slab_t slab = {argc > 2 ? atof(argv[2]) : 10.0, argc > 3 ? atof(argv[3]) : 0.99,
                   argc > 4 ? atof(argv[4]) : 0.7, 1e-3};
    const int nbins = 50;
    int nthreads = omp_get_max_threads();
    tally_t tal = {0, 0, 0, 0, 0};
    depth_profile_t prof = profile_new(nbins);

    printf("slab: tau %.2f  albedo %.4f  g %.2f  %ld photons  %d threads\n", slab.tau,
           slab.albedo, slab.g, nphot, nthreads);
    double w0 = omp_get_wtime();
    clock_t c0 = clock();
#pragma omp parallel for schedule(static)
    for (long p = 0; p < nphot; p++) {
        rng_t r = rng_for(20261204ULL, (unsigned long)p);
        transport_photon(&slab, &r, &tal, &prof);
    }
    double wall = omp_get_wtime() - w0, cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;

    const tally_t tot = tal;
    printf("R = %.8f  T = %.8f  A = %.8f  (sum %.8f)\n", tot.reflected / nphot,
           tot.transmitted / nphot, tot.absorbed / nphot,
           (tot.reflected + tot.transmitted + tot.absorbed) / nphot);
    printf("mean collisions per photon %.4f  mean optical path %.4f\n",
           (double)tot.collisions / nphot, tot.path / nphot);
    printf("absorption profile (fraction per tenth of the slab):");
    for (int b = 0; b < nbins; b += nbins / 10) {
        double d = 0.0;
        for (int k = b; k < b + nbins / 10; k++) d += prof.deposit[k];
        printf(" %.6f", d / nphot);
    }
    printf("\ntransport: %.3f s wall, %.3f s cpu (%.1f ns per collision)\n", wall, cpu,
           1e9 * wall / (double)tot.collisions);
    profile_free(&prof);
    return 0;
}
