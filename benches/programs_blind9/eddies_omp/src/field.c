/* field.c -- a random field of mesoscale eddies: streamfunction from separable Fourier
 * modes, velocity by centred differences, bilinear interpolation */
#include <math.h>
#include <stdlib.h>

#include "field.h"

static unsigned long long rng;

static double uniform(void)
{
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(rng >> 11) * (1.0 / 9007199254740992.0);
}

Field *field_eddies(int n, int modes, double rms_speed, unsigned long long seed)
{
    Field *f = malloc(sizeof *f);
    size_t nn = (size_t)n * n;
    double *psi = calloc(nn, sizeof(double));
    double *ax = malloc((size_t)n * sizeof(double)), *by = malloc((size_t)n * sizeof(double));
    f->n = n;
    f->u = malloc(nn * sizeof(double));
    f->v = malloc(nn * sizeof(double));
    rng = seed;

    /* psi = sum_m A_m sin(2 pi kx x / n + a_m) sin(2 pi ky y / n + b_m), wavelengths of
     * 50 - 200 km (the first baroclinic deformation radius and a few times it) */
    for (int m = 0; m < modes; m++) {
        int kx = n / 200 + (int)(uniform() * (n / 50 - n / 200));
        int ky = n / 200 + (int)(uniform() * (n / 50 - n / 200));
        double amp = (uniform() - 0.5) / sqrt((double)(kx * kx + ky * ky));
        double pa = 2 * M_PI * uniform(), pb = 2 * M_PI * uniform();
        for (int i = 0; i < n; i++) ax[i] = amp * sin(2 * M_PI * kx * i / n + pa);
        for (int j = 0; j < n; j++) by[j] = sin(2 * M_PI * ky * j / n + pb);
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) psi[(size_t)j * n + i] += ax[i] * by[j];
    }
    /* u = -dpsi/dy, v = dpsi/dx, then scaled to the requested rms speed */
    double sum2 = 0;
    for (int j = 0; j < n; j++) {
        int jp = (j + 1) % n, jm = (j + n - 1) % n;
        for (int i = 0; i < n; i++) {
            int ip = (i + 1) % n, im = (i + n - 1) % n;
            double u = -0.5 * (psi[(size_t)jp * n + i] - psi[(size_t)jm * n + i]);
            double v = 0.5 * (psi[(size_t)j * n + ip] - psi[(size_t)j * n + im]);
            f->u[(size_t)j * n + i] = u;
            f->v[(size_t)j * n + i] = v;
            sum2 += u * u + v * v;
        }
    }
    double scale = rms_speed / sqrt(sum2 / nn);
    f->umax = 0;
    for (size_t k = 0; k < nn; k++) {
        f->u[k] *= scale;
        f->v[k] *= scale;
        double s = sqrt(f->u[k] * f->u[k] + f->v[k] * f->v[k]);
        if (s > f->umax) f->umax = s;
    }
    free(psi);
    free(ax);
    free(by);
    return f;
}

void field_free(Field *f)
{
    free(f->u);
    free(f->v);
    free(f);
}

void field_velocity(const Field *f, double x, double y, double *u, double *v)
{
    const int n = f->n;
    int i = (int)x, j = (int)y;
    double fx = x - i, fy = y - j;
    int i1 = i + 1 == n ? 0 : i + 1, j1 = j + 1 == n ? 0 : j + 1;
    size_t c00 = (size_t)j * n + i, c10 = (size_t)j * n + i1;
    size_t c01 = (size_t)j1 * n + i, c11 = (size_t)j1 * n + i1;
    double w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
    *u = w00 * f->u[c00] + w10 * f->u[c10] + w01 * f->u[c01] + w11 * f->u[c11];
    *v = w00 * f->v[c00] + w10 * f->v[c10] + w01 * f->v[c01] + w11 * f->v[c11];
}
