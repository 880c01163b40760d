#include <math.h>
#include <stdlib.h>
#include "cooling.h"

/* a smooth stand-in for the collisional-ionisation cooling curve: H and He peaks,
   metal line cooling, bremsstrahlung tail */
static double log_lambda(double lt)
{
    double l = 1e-23 * (2.0 * exp(-pow((lt - 5.2) / 0.35, 2)) + 0.8 * exp(-pow((lt - 5.9) / 0.4, 2))
                        + 0.5 * exp(-pow((lt - 4.3) / 0.25, 2)))
               + 2.3e-27 * sqrt(pow(10.0, lt)) + 1e-26;
    return log10(l);
}

Table cooling_curve(int n)
{
    Table t = table_alloc(n);
    for (int i = 0; i < n; i++) {
        double u = (double)i / (n - 1);
        /* grid stretched around 10^5.5 K, where the curve has its structure */
        t.x[i] = 5.5 + 3.5 * (u - 0.5) * (0.4 + 1.2 * fabs(u - 0.5)) / 0.7;
        t.y[i] = log_lambda(t.x[i]);
    }
    return t;
}

Clouds clouds_init(int n)
{
    Clouds c = {n, malloc(n * sizeof(double)), malloc(n * sizeof(double)),
                malloc(n * sizeof(double)), calloc(n, sizeof(double))};
    unsigned s = 12345u;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        double r = (s >> 8) / 16777216.0;
        c.logt[i] = 4.0 + 4.5 * r;
        c.dens[i] = 0.1 + 2.0 * ((i * 7919) % 1000) / 1000.0;
        c.heat[i] = 1e-3 * (1 + i % 13);
    }
    return c;
}

void cooling_step(Clouds *c, const Table *curve, double dt)
{
    for (int i = 0; i < c->n; i++) {
        double lam = pow(10.0, table_interp(curve, c->logt[i]) + 23.0);
        double loss = c->dens[i] * lam;
        c->radiated[i] += dt * loss;
        c->logt[i] += dt * (c->heat[i] - loss) / (1.0 + c->dens[i]);
        if (c->logt[i] < 3.8) c->logt[i] = 3.8;
        if (c->logt[i] > 8.9) c->logt[i] = 8.9;
    }
}
