/* forces.c -- Yukawa forces over the neighbour list
 *   phi(r) = Gamma exp(-kappa r) / r,  cut at rcut (shifted to zero there) */
#include <math.h>

#include "forces.h"

ForceResult compute_forces(System *s, const NeighbourList *nl, double rcut)
{
    const double rc2 = rcut * rcut;
    const double shift = s->gamma * exp(-s->kappa * rcut) / rcut;
    ForceResult r = {0, 0, 0};
    for (int i = 0; i < s->n; i++) {
        s->fx[i] = 0;
        s->fy[i] = 0;
    }
    for (int i = 0; i < s->n; i++) {
        double fxi = 0, fyi = 0;
        for (int k = nl->start[i]; k < nl->start[i + 1]; k++) {
            int j = nl->list[k];
            double dx = min_image(s->x[i] - s->x[j], s->box);
            double dy = min_image(s->y[i] - s->y[j], s->box);
            double r2 = dx * dx + dy * dy;
            if (r2 >= rc2)
                continue;
            double rr = sqrt(r2);
            double e = s->gamma * exp(-s->kappa * rr) / rr;
            double fr = e * (1.0 / rr + s->kappa) / rr;   /* -dphi/dr / r */
            fxi += fr * dx;
            fyi += fr * dy;
            s->fx[j] -= fr * dx;
            s->fy[j] -= fr * dy;
            r.potential += e - shift;
            r.virial += fr * r2;
            r.pairs++;
        }
        s->fx[i] += fxi;
        s->fy[i] += fyi;
    }
    return r;
}
