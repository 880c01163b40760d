#include <math.h>
#include <stdio.h>
#include "cutcp.h"

void report(const Lattice *lat, const Atom *atoms, int natoms)
{
    long npts = (long)lat->nx * lat->ny * lat->nz;
    double sum = 0.0, sumabs = 0.0, sumsq = 0.0, qtot = 0.0;
    float lo = lat->lattice[0], hi = lat->lattice[0];
    long ilo = 0, ihi = 0, nonzero = 0;
    for (long p = 0; p < npts; p++) {
        float v = lat->lattice[p];
        sum += v;
        sumabs += fabs(v);
        sumsq += (double)v * v;
        if (v != 0.0f) nonzero++;
        if (v < lo) { lo = v; ilo = p; }
        if (v > hi) { hi = v; ihi = p; }
    }
    for (int n = 0; n < natoms; n++) qtot += atoms[n].q;
    printf("lattice %d x %d x %d, spacing %.2f A, cutoff %.1f A, %d atoms, net charge %.6f\n",
           lat->nx, lat->ny, lat->nz, lat->h, CUTOFF, natoms, qtot);
    printf("potential sum %.9e  abs %.9e  sq %.9e\n", sum, sumabs, sumsq);
    printf("points reached %ld of %ld\n", nonzero, npts);
    printf("minimum %.7e at %ld  maximum %.7e at %ld\n", lo, ilo, hi, ihi);
    long probe[4] = {npts / 7, npts / 3, npts / 2 + lat->nx / 2, npts - 1 - 3 * lat->nx};
    printf("probes %.7e %.7e %.7e %.7e\n", lat->lattice[probe[0]], lat->lattice[probe[1]],
           lat->lattice[probe[2]], lat->lattice[probe[3]]);
}
