#ifndef MEASURE_H
#define MEASURE_H
#include "lattice.h"

typedef struct {
    long n;
    double m, m2, e, e2;   /* running sums of |m|, m^2, e, e^2 per site */
} Averages;

void measure(const Lattice *lat, Averages *acc);

#endif
