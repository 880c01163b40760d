/* system.c -- set-up of the monolayer: triangular lattice, thermal velocities */
#include <math.h>
#include <stdlib.h>

#include "system.h"

static unsigned long long rng_state;

static double uniform(void)
{
    /* xorshift64*: the group's small generator */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

static double gaussian(void)
{
    double u1 = uniform(), u2 = uniform();
    if (u1 < 1e-300) u1 = 1e-300;
    return sqrt(-2.0 * log(u1)) * cos(2.0 * M_PI * u2);
}

System *system_create(int n, double gamma, double kappa, double temperature,
                      unsigned long long seed)
{
    System *s = calloc(1, sizeof *s);
    double **arrays[] = {&s->x, &s->y, &s->vx, &s->vy, &s->fx, &s->fy,
                         &s->x0, &s->y0, &s->ux, &s->uy};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        *arrays[k] = calloc((size_t)n, sizeof(double));
    s->n = n;
    s->gamma = gamma;
    s->kappa = kappa;
    s->box = sqrt(M_PI * n);          /* areal density 1 / (pi a^2) */
    rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;

    /* triangular lattice, slightly perturbed, filling the box row by row */
    int per_row = (int)ceil(sqrt((double)n * 2.0 / sqrt(3.0)));
    double dx = s->box / per_row;
    int rows = (n + per_row - 1) / per_row;
    double dy = s->box / rows;
    for (int i = 0; i < n; i++) {
        int r = i / per_row, c = i % per_row;
        s->x[i] = fmod((c + 0.5 * (r % 2) + 0.25) * dx + 0.05 * dx * (uniform() - 0.5), s->box);
        s->y[i] = fmod((r + 0.5) * dy + 0.05 * dy * (uniform() - 0.5), s->box);
        if (s->x[i] < 0) s->x[i] += s->box;
        if (s->y[i] < 0) s->y[i] += s->box;
        s->ux[i] = s->x0[i] = s->x[i];
        s->uy[i] = s->y0[i] = s->y[i];
    }
    /* Maxwell velocities, zero total momentum, exact temperature */
    double px = 0, py = 0;
    for (int i = 0; i < n; i++) {
        s->vx[i] = gaussian();
        s->vy[i] = gaussian();
        px += s->vx[i];
        py += s->vy[i];
    }
    for (int i = 0; i < n; i++) {
        s->vx[i] -= px / n;
        s->vy[i] -= py / n;
    }
    double scale = sqrt(temperature / (system_kinetic(s) / n));
    for (int i = 0; i < n; i++) {
        s->vx[i] *= scale;
        s->vy[i] *= scale;
    }
    return s;
}

void system_free(System *s)
{
    free(s->x); free(s->y); free(s->vx); free(s->vy); free(s->fx); free(s->fy);
    free(s->x0); free(s->y0); free(s->ux); free(s->uy);
    free(s);
}

/* kinetic energy per 2-D degree of freedom pair: sum of v^2 / 2 */
double system_kinetic(const System *s)
{
    double k = 0;
    for (int i = 0; i < s->n; i++)
        k += 0.5 * (s->vx[i] * s->vx[i] + s->vy[i] * s->vy[i]);
    return k;
}

double system_msd(const System *s)
{
    double m = 0;
    for (int i = 0; i < s->n; i++) {
        double dx = s->ux[i] - s->x0[i], dy = s->uy[i] - s->y0[i];
        m += dx * dx + dy * dy;
    }
    return m / s->n;
}

void system_wrap(System *s)
{
    for (int i = 0; i < s->n; i++) {
        if (s->x[i] >= s->box) s->x[i] -= s->box;
        else if (s->x[i] < 0) s->x[i] += s->box;
        if (s->y[i] >= s->box) s->y[i] -= s->box;
        else if (s->y[i] < 0) s->y[i] += s->box;
    }
}
