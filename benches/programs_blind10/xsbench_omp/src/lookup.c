/* the XSBench kernel (nuclide grid search): for each nuclide of the material, a binary
 * search of its energy grid, then linear interpolation of the five cross sections */
#include "xs.h"

static long grid_search_nuclide(long n, double quarry, const NuclideGridPoint *A, long low,
                                long high)
{
    long lowerLimit = low, upperLimit = high, examinationPoint;
    long length = upperLimit - lowerLimit;
    (void)n;
    while (length > 1) {
        examinationPoint = lowerLimit + (length / 2);
        if (A[examinationPoint].energy > quarry)
            upperLimit = examinationPoint;
        else
            lowerLimit = examinationPoint;
        length = upperLimit - lowerLimit;
    }
    return lowerLimit;
}

static void calculate_micro_xs(double p_energy, int nuc, const SimulationData *sd, double *xs_vector)
{
    long n = sd->n_gridpoints;
    const NuclideGridPoint *grid = &sd->nuclide_grid[nuc * n];
    long idx = grid_search_nuclide(n, p_energy, grid, 0, n - 1);
    const NuclideGridPoint *low = idx == n - 1 ? &grid[idx - 1] : &grid[idx];
    const NuclideGridPoint *high = low + 1;
    double f = (high->energy - p_energy) / (high->energy - low->energy);
    xs_vector[0] = high->total_xs - f * (high->total_xs - low->total_xs);
    xs_vector[1] = high->elastic_xs - f * (high->elastic_xs - low->elastic_xs);
    xs_vector[2] = high->absorbtion_xs - f * (high->absorbtion_xs - low->absorbtion_xs);
    xs_vector[3] = high->fission_xs - f * (high->fission_xs - low->fission_xs);
    xs_vector[4] = high->nu_fission_xs - f * (high->nu_fission_xs - low->nu_fission_xs);
}

void calculate_macro_xs(double p_energy, int mat, const SimulationData *sd, double *macro_xs)
{
    double xs_vector[5];
    for (int k = 0; k < 5; k++) macro_xs[k] = 0.0;
    for (int j = 0; j < sd->num_nucs[mat]; j++) {
        int p_nuc = sd->mats[mat * sd->max_num_nucs + j];
        double conc = sd->concs[mat * sd->max_num_nucs + j];
        calculate_micro_xs(p_energy, p_nuc, sd, xs_vector);
        for (int k = 0; k < 5; k++) macro_xs[k] += xs_vector[k] * conc;
    }
}
