#include "gauges.h"

#include <math.h>
#include <stdlib.h>

static unsigned state;

static double unif(void)
{
    state = state * 1664525u + 1013904223u;
    return (state >> 8) * (1.0 / 16777216.0);
}

double storm_field(double x, double y)
{
    double c1 = exp(-((x - 70) * (x - 70) + (y - 120) * (y - 120)) / (2 * 35.0 * 35.0));
    double c2 = exp(-((x - 150) * (x - 150) + (y - 60) * (y - 60)) / (2 * 20.0 * 20.0));
    double band = 0.5 + 0.5 * sin(0.03 * (x + 0.6 * y));
    return 40.0 * c1 + 65.0 * c2 + 12.0 * band;
}

int gauges_synthetic(Gauges *g, int n, unsigned seed)
{
    state = seed;
    g->n = n;
    g->x = malloc(sizeof(double) * n);
    g->y = malloc(sizeof(double) * n);
    g->rain = malloc(sizeof(double) * n);
    if (!g->x || !g->y || !g->rain)
        return -1;
    for (int i = 0; i < n; i++) {
        g->x[i] = 200.0 * unif();
        g->y[i] = 200.0 * unif();
        /* gauge error: a few percent, uniform */
        g->rain[i] = storm_field(g->x[i], g->y[i]) * (1.0 + 0.04 * (unif() - 0.5));
    }
    return 0;
}

void gauges_free(Gauges *g)
{
    free(g->x);
    free(g->y);
    free(g->rain);
}
