/* particles.h: the test particles, one record each */
#ifndef PARTICLES_H
#define PARTICLES_H
#include <stddef.h>

enum { SPECIES_ELECTRON = 0, SPECIES_PROTON = 1, SPECIES_ALPHA = 2, NSPECIES = 3 };

typedef struct {
    double pos[3];        /* position (m) */
    double vel[3];        /* velocity (m/s), normalised units */
    double charge;        /* charge over the unit charge */
    double mass;          /* mass over the proton's */
    int species;
    int id;
    unsigned char lost;   /* left the bottle (kept but no longer counted) */
    char tag[15];
} particle_t;

particle_t *particles_create(size_t n, unsigned seed);

#endif
