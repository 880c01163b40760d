/* forces.h -- screened Coulomb (Yukawa) pair forces, potential energy and virial */
#ifndef FORCES_H
#define FORCES_H

#include "neighbours.h"
#include "system.h"

typedef struct {
    double potential;  /* total potential energy (kT) */
    double virial;     /* sum over pairs of r . f */
    long pairs;        /* pairs inside the cut-off */
} ForceResult;

ForceResult compute_forces(System *s, const NeighbourList *nl, double rcut);

#endif
