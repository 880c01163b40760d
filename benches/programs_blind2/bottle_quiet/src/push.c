/* push.c: Boris rotation in the field of a magnetic bottle */
#include <math.h>
#include "push.h"

void push_step(particle_t *p, size_t n, const bottle_t *f, double dt)
{
    const double inv_l2 = 1.0 / (f->len * f->len);
    for (size_t i = 0; i < n; i++) {
        double x = p[i].pos[0], y = p[i].pos[1], z = p[i].pos[2];
        /* field at the particle: paraxial bottle, divergence-free to first order */
        double bx = -f->b0 * x * z * inv_l2;
        double by = -f->b0 * y * z * inv_l2;
        double bz = f->b0 * (1.0 + z * z * inv_l2);
        double ex = f->e_r * x, ey = f->e_r * y, ez = 0.0;

        double h = 0.5 * dt * p[i].charge / p[i].mass;
        /* half acceleration */
        double ux = p[i].vel[0] + h * ex;
        double uy = p[i].vel[1] + h * ey;
        double uz = p[i].vel[2] + h * ez;
        /* rotation */
        double tx = h * bx, ty = h * by, tz = h * bz;
        double t2 = tx * tx + ty * ty + tz * tz;
        double sx = 2.0 * tx / (1.0 + t2), sy = 2.0 * ty / (1.0 + t2), sz = 2.0 * tz / (1.0 + t2);
        double wx = ux + (uy * tz - uz * ty);
        double wy = uy + (uz * tx - ux * tz);
        double wz = uz + (ux * ty - uy * tx);
        ux += wy * sz - wz * sy;
        uy += wz * sx - wx * sz;
        uz += wx * sy - wy * sx;
        /* half acceleration */
        p[i].vel[0] = ux + h * ex;
        p[i].vel[1] = uy + h * ey;
        p[i].vel[2] = uz + h * ez;
        /* drift */
        p[i].pos[0] = x + dt * p[i].vel[0];
        p[i].pos[1] = y + dt * p[i].vel[1];
        p[i].pos[2] = z + dt * p[i].vel[2];
        if (fabs(p[i].pos[2]) > f->wall)
            p[i].lost = 1;
    }
}
