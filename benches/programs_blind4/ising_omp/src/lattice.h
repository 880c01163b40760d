#ifndef LATTICE_H
#define LATTICE_H
#include <stdint.h>

typedef struct {
    int L;
    signed char *s;      /* spins +-1, row-major L x L, periodic */
    double boltz[5];     /* exp(-beta dE) for s*sum(neighbours) = -4..4 step 2 */
    uint64_t seed;
} Lattice;

void lattice_init(Lattice *lat, int L, double temperature, uint64_t seed);
void lattice_sweep(Lattice *lat, long sweep);
void lattice_free(Lattice *lat);

#endif
