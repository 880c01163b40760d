#include <math.h>
#include <stdlib.h>
#include "lattice.h"
#include "rng.h"

void lattice_init(Lattice *lat, int L, double temperature, uint64_t seed)
{
    lat->L = L;
    lat->seed = seed;
    lat->s = malloc((size_t)L * L);
    for (long k = 0; k < (long)L * L; k++)
        lat->s[k] = uniform01(seed, 0, (uint64_t)k) < 0.5 ? -1 : 1;   /* hot start */
    for (int m = 0; m < 5; m++) {
        int ss = 2 * m - 4;                 /* s_i * sum of neighbours */
        lat->boltz[m] = exp(-2.0 * ss / temperature);
    }
}

/* one Metropolis sweep: all "black" sites (i + j even), then all "white" ones; sites of one
   colour have no neighbour of the same colour, so they can be updated in parallel */
void lattice_sweep(Lattice *lat, long sweep)
{
    const int L = lat->L;
    signed char *s = lat->s;
    for (int colour = 0; colour < 2; colour++) {
        for (int i = 0; i < L; i++) {
            const int up = (i == 0 ? L - 1 : i - 1) * L;
            const int dn = (i == L - 1 ? 0 : i + 1) * L;
            const int row = i * L;
#pragma omp parallel for
            for (int j = (i + colour) & 1; j < L; j += 2) {
                int left = j == 0 ? L - 1 : j - 1;
                int right = j == L - 1 ? 0 : j + 1;
                int nb = s[up + j] + s[dn + j] + s[row + left] + s[row + right];
                int ss = s[row + j] * nb;
                if (ss <= 0 || uniform01(lat->seed, (uint64_t)sweep, (uint64_t)(row + j))
                                   < lat->boltz[(ss + 4) / 2])
                    s[row + j] = (signed char)-s[row + j];
            }
        }
    }
}

void lattice_free(Lattice *lat)
{
    free(lat->s);
}
