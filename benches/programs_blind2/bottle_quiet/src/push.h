/* push.h: one time step of the Boris scheme in the bottle's field */
#ifndef PUSH_H
#define PUSH_H
#include "particles.h"

typedef struct {
    double b0;     /* field on the axis at the midplane */
    double len;    /* mirror length: B_z = b0 (1 + z^2 / len^2) */
    double e_r;    /* weak radial electric field (ambipolar) */
    double wall;   /* particles beyond |z| > wall are lost */
} bottle_t;

void push_step(particle_t *p, size_t n, const bottle_t *field, double dt);

#endif
