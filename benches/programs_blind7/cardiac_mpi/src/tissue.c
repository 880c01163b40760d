#include "tissue.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

void tissue_init(Tissue *T, int nx, int ny, double h, double dt, int rank, int size)
{
    const size_t n = (size_t)nx * ny;
    T->nx = nx;
    T->ny = ny;
    T->h = h;
    T->dt = dt;
    T->row_lo = (int)((long)ny * rank / size);
    T->row_hi = (int)((long)ny * (rank + 1) / size);
    T->u = calloc(n, sizeof(double));
    T->v = calloc(n, sizeof(double));
    T->un = calloc(n, sizeof(double));
    T->vn = calloc(n, sizeof(double));
    T->act = malloc(n * sizeof(double));
    for (size_t i = 0; i < n; ++i) T->act[i] = -1.0;
}

void tissue_free(Tissue *T)
{
    free(T->u);
    free(T->v);
    free(T->un);
    free(T->vn);
    free(T->act);
}

void tissue_stimulate(Tissue *T, int width)
{
    for (int y = 0; y < T->ny; ++y)
        for (int x = 0; x < width && x < T->nx; ++x) T->u[(size_t)y * T->nx + x] = 1.0;
}

void tissue_step(Tissue *T, const FHN *p, double t)
{
    const int nx = T->nx, ny = T->ny;
    const double k = p->D * T->dt / (T->h * T->h), dt = T->dt;
    const double *u = T->u, *v = T->v;
    memset(T->un, 0, sizeof(double) * (size_t)nx * ny);
    memset(T->vn, 0, sizeof(double) * (size_t)nx * ny);
    for (int y = T->row_lo; y < T->row_hi; ++y) {
        /* no-flux edges: mirror the neighbour row / column */
        const double *up = u + (size_t)(y > 0 ? y - 1 : 1) * nx;
        const double *dn = u + (size_t)(y < ny - 1 ? y + 1 : ny - 2) * nx;
        const double *row = u + (size_t)y * nx;
        for (int x = 0; x < nx; ++x) {
            const size_t c = (size_t)y * nx + x;
            const double w = row[x > 0 ? x - 1 : 1], e = row[x < nx - 1 ? x + 1 : nx - 2];
            const double lap = w + e + up[x] + dn[x] - 4.0 * row[x];
            const double uu = row[x], vv = v[c];
            T->un[c] = uu + k * lap + dt * fhn_du(p, uu, vv);
            T->vn[c] = vv + dt * fhn_dv(p, uu, vv);
            if (T->act[c] < 0.0 && T->un[c] > 0.5) T->act[c] = t;
        }
    }
}

void tissue_exchange(Tissue *T)
{
    /* each rank contributed its own rows and zeros elsewhere: the sum is the new sheet */
    const int n = T->nx * T->ny;
    MPI_Allreduce(MPI_IN_PLACE, T->un, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, T->vn, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double *s = T->u;
    T->u = T->un;
    T->un = s;
    s = T->v;
    T->v = T->vn;
    T->vn = s;
}
