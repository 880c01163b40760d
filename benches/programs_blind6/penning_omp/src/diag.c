#include "diag.h"

#include <math.h>

Diag diagnose(const Cloud *c)
{
    Diag d = {0, 0.0, 0.0, 0.0};
    for (int i = 0; i < c->n; i++) {
        if (!c->alive[i])
            continue;
        d.alive++;
        d.ekin += 0.5 * (c->vx[i] * c->vx[i] + c->vy[i] * c->vy[i] + c->vz[i] * c->vz[i]);
        d.rrms += c->x[i] * c->x[i] + c->y[i] * c->y[i];
        d.zrms += c->z[i] * c->z[i];
    }
    if (d.alive > 0) {
        d.ekin /= d.alive;
        d.rrms = sqrt(d.rrms / d.alive);
        d.zrms = sqrt(d.zrms / d.alive);
    }
    return d;
}
