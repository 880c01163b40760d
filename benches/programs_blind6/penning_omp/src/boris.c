#include "boris.h"

long boris_run(Cloud *c, const Trap *t, double dt, int nsteps)
{
    const double h = 0.5 * dt;
    const double tz = h * t->bz;                /* rotation vector (0, 0, tz) */
    const double sz = 2.0 * tz / (1.0 + tz * tz);
    const double r2wall = t->r_wall * t->r_wall;
    long lost = 0;

    for (int step = 0; step < nsteps; step++) {
        /* ions hit the electrodes at different times and dead ones cost
           nothing, so balance dynamically */
#pragma omp parallel for schedule(dynamic) reduction(+ : lost)
        for (int i = 0; i < c->n; i++) {
            if (!c->alive[i])
                continue;
            double ex, ey, ez;
            trap_efield(t, c->x[i], c->y[i], c->z[i], &ex, &ey, &ez);
            /* half electric kick */
            double vx = c->vx[i] + h * ex;
            double vy = c->vy[i] + h * ey;
            double vz = c->vz[i] + h * ez;
            /* magnetic rotation about z */
            double px = vx + vy * tz;
            double py = vy - vx * tz;
            vx += py * sz;
            vy -= px * sz;
            /* second half kick */
            vx += h * ex;
            vy += h * ey;
            vz += h * ez;
            c->vx[i] = vx;
            c->vy[i] = vy;
            c->vz[i] = vz;
            c->x[i] += dt * vx;
            c->y[i] += dt * vy;
            c->z[i] += dt * vz;
            if (c->x[i] * c->x[i] + c->y[i] * c->y[i] > r2wall ||
                c->z[i] > t->z_cap || c->z[i] < -t->z_cap) {
                c->alive[i] = 0;
                lost++;
            }
        }
    }
    return lost;
}
