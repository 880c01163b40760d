/* Boris pusher for the whole cloud */
#ifndef BORIS_H
#define BORIS_H

#include "particles.h"
#include "trap.h"

/* advance every live ion by nsteps of dt; returns the number of ions lost */
long boris_run(Cloud *c, const Trap *t, double dt, int nsteps);

#endif
