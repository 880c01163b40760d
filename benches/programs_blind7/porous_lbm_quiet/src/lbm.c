#include "lbm.h"

#include <math.h>
#include <stdlib.h>

static const int cx[Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
static const int cy[Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
static const double w[Q] = {4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9,
                            1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};

void lbm_init(Lattice *L, int nx, int ny, double tau, double gx, const unsigned char *solid)
{
    size_t n = (size_t)nx * ny;
    L->nx = nx;
    L->ny = ny;
    L->tau = tau;
    L->omega = 1.0 / tau;
    L->gx = gx;
    L->solid = solid;
    L->f = malloc(sizeof(double) * Q * n);
    L->fnew = malloc(sizeof(double) * Q * n);
    for (int k = 0; k < Q; ++k)
        for (size_t i = 0; i < n; ++i) L->f[k * n + i] = w[k];   /* rest at rho = 1 */
}

void lbm_free(Lattice *L)
{
    free(L->f);
    free(L->fnew);
}

void lbm_step(Lattice *L)
{
    const int nx = L->nx, ny = L->ny;
    const double om = L->omega, ftau = L->tau * L->gx;
    const double w0 = 4.0 / 9.0, w1 = 1.0 / 9.0, w2 = 1.0 / 36.0;

    for (int y = 0; y < ny; ++y) {
        for (int x = 0; x < nx; ++x) {
            /* pull: each population arrives from its upstream neighbour */
            const double f0 = lat_get(L, 0, x, y);
            const double f1 = lat_get(L, 1, x - 1, y);
            const double f2 = lat_get(L, 2, x, y - 1);
            const double f3 = lat_get(L, 3, x + 1, y);
            const double f4 = lat_get(L, 4, x, y + 1);
            const double f5 = lat_get(L, 5, x - 1, y - 1);
            const double f6 = lat_get(L, 6, x + 1, y - 1);
            const double f7 = lat_get(L, 7, x + 1, y + 1);
            const double f8 = lat_get(L, 8, x - 1, y + 1);
            if (L->solid[(size_t)y * nx + x]) {
                /* full-way bounce-back: send everything back where it came from */
                lat_set(L, 0, x, y, f0);
                lat_set(L, 1, x, y, f3);
                lat_set(L, 2, x, y, f4);
                lat_set(L, 3, x, y, f1);
                lat_set(L, 4, x, y, f2);
                lat_set(L, 5, x, y, f7);
                lat_set(L, 6, x, y, f8);
                lat_set(L, 7, x, y, f5);
                lat_set(L, 8, x, y, f6);
                continue;
            }
            const double rho = f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7 + f8;
            const double jx = f1 - f3 + f5 - f6 - f7 + f8;
            const double jy = f2 - f4 + f5 + f6 - f7 - f8;
            /* forcing by shifting the equilibrium velocity by tau * g */
            const double ux = jx / rho + ftau, uy = jy / rho;
            const double usq = 1.5 * (ux * ux + uy * uy);
            const double r0 = w0 * rho, r1 = w1 * rho, r2 = w2 * rho;
            double cu;
            lat_set(L, 0, x, y, f0 + om * (r0 * (1.0 - usq) - f0));
            cu = 3.0 * ux;
            lat_set(L, 1, x, y, f1 + om * (r1 * (1.0 + cu + 0.5 * cu * cu - usq) - f1));
            cu = 3.0 * uy;
            lat_set(L, 2, x, y, f2 + om * (r1 * (1.0 + cu + 0.5 * cu * cu - usq) - f2));
            cu = -3.0 * ux;
            lat_set(L, 3, x, y, f3 + om * (r1 * (1.0 + cu + 0.5 * cu * cu - usq) - f3));
            cu = -3.0 * uy;
            lat_set(L, 4, x, y, f4 + om * (r1 * (1.0 + cu + 0.5 * cu * cu - usq) - f4));
            cu = 3.0 * (ux + uy);
            lat_set(L, 5, x, y, f5 + om * (r2 * (1.0 + cu + 0.5 * cu * cu - usq) - f5));
            cu = 3.0 * (-ux + uy);
            lat_set(L, 6, x, y, f6 + om * (r2 * (1.0 + cu + 0.5 * cu * cu - usq) - f6));
            cu = 3.0 * (-ux - uy);
            lat_set(L, 7, x, y, f7 + om * (r2 * (1.0 + cu + 0.5 * cu * cu - usq) - f7));
            cu = 3.0 * (ux - uy);
            lat_set(L, 8, x, y, f8 + om * (r2 * (1.0 + cu + 0.5 * cu * cu - usq) - f8));
        }
    }
    double *t = L->f;
    L->f = L->fnew;
    L->fnew = t;
}

void lbm_velocity(const Lattice *L, double *ux_mean, double *umax, double *profile)
{
    const int nx = L->nx, ny = L->ny;
    const size_t n = (size_t)nx * ny;
    double sum = 0.0, mx = 0.0;
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
            const size_t c = (size_t)y * nx + x;
            if (L->solid[c]) continue;
            double rho = 0.0, jx = 0.0, jy = 0.0;
            for (int k = 0; k < Q; ++k) {
                const double v = lat_get(L, k, x, y);
                rho += v;
                jx += cx[k] * v;
                jy += cy[k] * v;
            }
            /* physical velocity with the half-force correction */
            const double ux = (jx + 0.5 * rho * L->gx) / rho, uy = jy / rho;
            sum += ux;
            if (profile) profile[y] += ux / nx;
            const double s = sqrt(ux * ux + uy * uy);
            if (s > mx) mx = s;
        }
    *ux_mean = sum / (double)n;
    *umax = mx;
}
