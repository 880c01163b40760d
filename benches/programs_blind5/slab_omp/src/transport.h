#ifndef TRANSPORT_H
#define TRANSPORT_H
#include "rng.h"
#include "tally.h"

typedef struct {
    double tau;      /* optical thickness of the slab */
    double albedo;   /* single-scattering albedo */
    double g;        /* Henyey-Greenstein asymmetry */
    double wmin;     /* Russian roulette threshold */
} slab_t;

/* follow one photon packet entering at the top, scoring into t and prof (shared by the
   threads: the scores are made inside a critical section) */
void transport_photon(const slab_t *slab, rng_t *r, tally_t *t, depth_profile_t *prof);

#endif
