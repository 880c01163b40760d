/* tracers.c -- release, midpoint (RK2) advection and dispersion statistics */
#include <math.h>
#include <stdlib.h>

#include "tracers.h"

static unsigned long long rng;

static double uniform(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) * (1.0 / 9007199254740992.0);
}

/* drifters released uniformly over the basin (the float deployment plan) */
Tracers *tracers_release(long count, int n, unsigned long long seed)
{
    Tracers *t = malloc(sizeof *t);
    t->count = count;
    t->x = malloc((size_t)count * sizeof(double));
    t->y = malloc((size_t)count * sizeof(double));
    t->dx = calloc((size_t)count, sizeof(double));
    t->dy = calloc((size_t)count, sizeof(double));
    rng = seed * 0x2545F4914F6CDD1DULL + 88172645463325252ULL;
    for (long p = 0; p < count; p++) {
        t->x[p] = n * uniform();
        t->y[p] = n * uniform();
    }
    return t;
}

void tracers_free(Tracers *t)
{
    free(t->x);
    free(t->y);
    free(t->dx);
    free(t->dy);
    free(t);
}

static inline double wrap(double x, double n)
{
    if (x >= n) {
        x -= n;
    } else if (x < 0) {
        x += n;
        if (x >= n) x = 0;
    }
    return x;
}

void tracers_step(Tracers *t, const Field *f, double dt)
{
    const double n = f->n;
#pragma omp parallel for schedule(static)
    for (long p = 0; p < t->count; p++) {
        double u1, v1, u2, v2;
        field_velocity(f, t->x[p], t->y[p], &u1, &v1);
        double xm = wrap(t->x[p] + 0.5 * dt * u1, n), ym = wrap(t->y[p] + 0.5 * dt * v1, n);
        field_velocity(f, xm, ym, &u2, &v2);
        t->x[p] = wrap(t->x[p] + dt * u2, n);
        t->y[p] = wrap(t->y[p] + dt * v2, n);
        t->dx[p] += dt * u2;
        t->dy[p] += dt * v2;
    }
}

Dispersion tracers_dispersion(const Tracers *t)
{
    Dispersion d = {0, 0, 0, 0, 0, 0};
    double sx = 0, sy = 0, sxx = 0, syy = 0, sx4 = 0, dmax = 0;
#pragma omp parallel for schedule(static) reduction(+ : sx, sy, sxx, syy) reduction(max : dmax)
    for (long p = 0; p < t->count; p++) {
        sx += t->dx[p];
        sy += t->dy[p];
        sxx += t->dx[p] * t->dx[p];
        syy += t->dy[p] * t->dy[p];
        double r = sqrt(t->dx[p] * t->dx[p] + t->dy[p] * t->dy[p]);
        if (r > dmax) dmax = r;
    }
    d.mx = sx / t->count;
    d.my = sy / t->count;
    d.vx = sxx / t->count - d.mx * d.mx;
    d.vy = syy / t->count - d.my * d.my;
#pragma omp parallel for schedule(static) reduction(+ : sx4)
    for (long p = 0; p < t->count; p++) {
        double e = t->dx[p] - d.mx;
        sx4 += e * e * e * e;
    }
    d.kurt = d.vx > 0 ? sx4 / t->count / (d.vx * d.vx) : 0;
    d.max_dist = dmax;
    return d;
}
