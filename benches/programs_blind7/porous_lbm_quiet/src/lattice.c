/* Access to the lattice's distributions: the one place that knows the memory layout
 * (9 planes of nx * ny doubles, x fastest) and the periodic wrap of the domain. */
#include "lbm.h"

#include <stddef.h>

double lat_get(const Lattice *L, int k, int x, int y)
{
    const int nx = L->nx, ny = L->ny;
    x = (x + nx) % nx;
    y = (y + ny) % ny;
    return L->f[(size_t)k * nx * ny + (size_t)y * nx + x];
}

void lat_set(Lattice *L, int k, int x, int y, double v)
{
    L->fnew[(size_t)k * L->nx * L->ny + (size_t)y * L->nx + x] = v;
}
