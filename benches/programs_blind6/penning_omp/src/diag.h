/* Cloud diagnostics */
#ifndef DIAG_H
#define DIAG_H

#include "particles.h"

typedef struct {
    long alive;
    double ekin;      /* mean kinetic energy (per unit mass) */
    double rrms;      /* rms radius */
    double zrms;      /* rms axial extent */
} Diag;

Diag diagnose(const Cloud *c);

#endif
