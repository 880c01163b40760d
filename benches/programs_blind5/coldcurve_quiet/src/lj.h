#ifndef LJ_H
#define LJ_H
#include "cluster.h"

typedef struct { double epsilon, sigma; } lj_params;

/* per-atom potential energy (half of each pair to each atom) and the total virial W;
   returns the total energy */
double lj_energy(const cluster_t *c, lj_params p, double *e_atom, double *virial);

#endif
