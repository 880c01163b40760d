/* synthetic nuclear data, generated as XSBench does: random energies, sorted, random
 * cross sections */
#include <stdlib.h>
#include "xs.h"

static int cmp_energy(const void *a, const void *b)
{
    double ea = ((const NuclideGridPoint *)a)->energy, eb = ((const NuclideGridPoint *)b)->energy;
    return (ea > eb) - (ea < eb);
}

void grid_generate(SimulationData *sd, long n_isotopes, long n_gridpoints, unsigned long long seed)
{
    sd->n_isotopes = n_isotopes;
    sd->n_gridpoints = n_gridpoints;
    sd->nuclide_grid = malloc((size_t)(n_isotopes * n_gridpoints) * sizeof(NuclideGridPoint));
    unsigned long long x = seed;
    for (long i = 0; i < n_isotopes * n_gridpoints; i++) {
        NuclideGridPoint *p = &sd->nuclide_grid[i];
        p->energy = rn(&x);
        p->total_xs = rn(&x);
        p->elastic_xs = rn(&x);
        p->absorbtion_xs = rn(&x);
        p->fission_xs = rn(&x);
        p->nu_fission_xs = rn(&x);
    }
    for (long i = 0; i < n_isotopes; i++)
        qsort(&sd->nuclide_grid[i * n_gridpoints], n_gridpoints, sizeof(NuclideGridPoint),
              cmp_energy);
}
