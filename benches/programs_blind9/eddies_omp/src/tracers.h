/* tracers.h -- a cloud of Lagrangian tracer particles (structure of arrays) */
#ifndef TRACERS_H
#define TRACERS_H

#include "field.h"

typedef struct {
    long count;
    double *x, *y;    /* positions (km), wrapped into the periodic domain */
    double *dx, *dy;  /* displacement since release (km), not wrapped */
} Tracers;

typedef struct {
    double mx, my;      /* mean displacement */
    double vx, vy;      /* displacement variance */
    double kurt;        /* kurtosis of the x displacement */
    double max_dist;    /* largest distance travelled */
} Dispersion;

Tracers *tracers_release(long count, int n, unsigned long long seed);
void tracers_free(Tracers *t);
void tracers_step(Tracers *t, const Field *f, double dt);
Dispersion tracers_dispersion(const Tracers *t);

#endif
