/* xslookup: the cross-section lookup loop of the group's Monte Carlo neutron transport
 * code, taken out to size the node (after XSBench, event-based mode): n_lookups random
 * (energy, material) pairs, each the macroscopic total, elastic, absorption, fission and
 * nu-fission cross sections; tallies per material and XSBench's verification hash.
 *
 * usage: xslookup [lookups=500000] [isotopes=68] [gridpoints=4000] [seed=42]
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "xs.h"

int main(int argc, char **argv)
{
    long n_lookups = argc > 1 ? atol(argv[1]) : 500000;
    long n_isotopes = argc > 2 ? atol(argv[2]) : 68;
    long n_gridpoints = argc > 3 ? atol(argv[3]) : 4000;
    unsigned long long seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 42;
    if (n_isotopes < 68) n_isotopes = 68;

    double t0 = omp_get_wtime();
    SimulationData sd;
    grid_generate(&sd, n_isotopes, n_gridpoints, seed);
    materials_load(&sd, seed + 1);
    double t_init = omp_get_wtime() - t0;
    printf("%ld nuclides x %ld grid points (%.1f MB), %ld lookups, %d threads\n", n_isotopes,
           n_gridpoints, n_isotopes * n_gridpoints * sizeof(NuclideGridPoint) / 1e6, n_lookups,
           omp_get_max_threads());

    long count[12] = {0};
    double tally[12][5] = {{0}};
    unsigned long long vhash = 0;
    t0 = omp_get_wtime();
#pragma omp parallel
    {
        long my_count[12] = {0};
        double my_tally[12][5] = {{0}};
        unsigned long long my_hash = 0;
#pragma omp for schedule(static)
        for (long i = 0; i < n_lookups; i++) {
            unsigned long long x = seed * 0x100000001B3ULL + (unsigned long long)i * 2654435761ULL;
            double p_energy = rn(&x);
            int mat = pick_mat(&x);
            double macro_xs[5];
            calculate_macro_xs(p_energy, mat, &sd, macro_xs);
            /* XSBench's verification: the index of the largest cross section */
            int max_idx = 0;
            for (int k = 1; k < 5; k++)
                if (macro_xs[k] > macro_xs[max_idx]) max_idx = k;
            my_hash += (unsigned long long)(max_idx + 1) * (unsigned long long)(mat + 1);
            my_count[mat]++;
            for (int k = 0; k < 5; k++) my_tally[mat][k] += macro_xs[k];
        }
#pragma omp critical
        {
            vhash += my_hash;
            for (int m = 0; m < 12; m++) {
                count[m] += my_count[m];
                for (int k = 0; k < 5; k++) tally[m][k] += my_tally[m][k];
            }
        }
    }
    double t_lookup = omp_get_wtime() - t0;

    printf("%4s %9s %12s %12s %12s %12s %12s\n", "mat", "lookups", "<total>", "<elastic>",
           "<absorb>", "<fission>", "<nu-fiss>");
    for (int m = 0; m < 12; m++) {
        printf("%4d %9ld", m, count[m]);
        for (int k = 0; k < 5; k++) printf(" %12.8f", count[m] ? tally[m][k] / count[m] : 0.0);
        printf("\n");
    }
    printf("verification hash %llu\n", vhash % 999983ULL);
    printf("initialisation %.3f s, lookups %.3f s wall (%.0f lookups/s)\n", t_init, t_lookup,
           n_lookups / t_lookup);
    return 0;
}
