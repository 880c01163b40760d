/* Pseudo-random matrix entries as HPL's pdmatgen makes them (a 64-bit linear
 * congruential generator, entries in [-0.5, 0.5)), filled row by row. */
#include "ptrans.h"

void matgen(double *m, int n, unsigned long seed)
{
    unsigned long x = seed * 2862933555777941757UL + 3037000493UL;
    for (size_t i = 0; i < (size_t)n * n; i++) {
        x = x * 6364136223846793005UL + 1442695040888963407UL;
        m[i] = (double)(x >> 11) * (1.0 / 9007199254740992.0) - 0.5;
    }
}
