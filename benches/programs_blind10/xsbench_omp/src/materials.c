/* the twelve materials of XSBench's Hoogenboom-Martin reactor model (small problem):
 * fuel, cladding, cold/hot borated water, reflector, and the rest; their nuclide counts and
 * the probability that a neutron is in each */
#include <stdlib.h>
#include "xs.h"

static const int NUM_NUCS[12] = {34, 5, 4, 4, 27, 21, 21, 21, 21, 21, 9, 9};
static const double DIST[12] = {0.140, 0.052, 0.275, 0.134, 0.154, 0.064,
                                0.066, 0.055, 0.008, 0.015, 0.025, 0.013};

void materials_load(SimulationData *sd, unsigned long long seed)
{
    sd->n_mats = 12;
    sd->max_num_nucs = 34;
    sd->num_nucs = malloc(12 * sizeof(int));
    sd->mats = malloc(12 * 34 * sizeof(int));
    sd->concs = malloc(12 * 34 * sizeof(double));
    unsigned long long x = seed;
    for (int m = 0; m < 12; m++) {
        sd->num_nucs[m] = NUM_NUCS[m];
        for (int k = 0; k < NUM_NUCS[m]; k++) {
            int nuc;
            if (m == 0) {
                nuc = k;  /* the fuel holds the first 34 nuclides (actinides, fission products) */
            } else {
                int fresh;
                do {  /* distinct nuclides from the rest of the library */
                    nuc = 34 + (int)(rn(&x) * (double)(sd->n_isotopes - 34));
                    fresh = 1;
                    for (int q = 0; q < k; q++)
                        if (sd->mats[m * 34 + q] == nuc) fresh = 0;
                } while (!fresh);
            }
            sd->mats[m * 34 + k] = nuc;
            sd->concs[m * 34 + k] = rn(&x);
        }
    }
}

int pick_mat(unsigned long long *x)
{
    double roll = rn(x), running = 0.0;
    for (int m = 0; m < 12; m++) {
        running += DIST[m];
        if (roll < running) return m;
    }
    return 0;
}
