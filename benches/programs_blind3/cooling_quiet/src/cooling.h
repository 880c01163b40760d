#ifndef COOLING_H
#define COOLING_H
#include "table.h"

/* log10 of the cooling function Lambda(T) against log10 T, denser where it varies most */
Table cooling_curve(int n);
/* the cloud ensemble: log10 T, density, heating rate per cell */
typedef struct {
    int n;
    double *logt, *dens, *heat, *radiated;
} Clouds;
Clouds clouds_init(int n);
/* one explicit step of dt for every cloud */
void cooling_step(Clouds *c, const Table *curve, double dt);
#endif
