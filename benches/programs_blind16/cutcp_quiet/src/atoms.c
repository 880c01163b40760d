/* the model: charged sites scattered through the box (a crude solvated protein fragment) */
#include "cutcp.h"

static unsigned lcg(unsigned *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static float uniform(unsigned *s)
{
    return (float)lcg(s) / 16777216.0f;     /* [0, 1) with 24 bits */
}

void make_atoms(Atom *atoms, int natoms, const Lattice *lat, unsigned seed)
{
    unsigned s = seed;
    float lx = (lat->nx - 1) * lat->h, ly = (lat->ny - 1) * lat->h, lz = (lat->nz - 1) * lat->h;
    for (int n = 0; n < natoms; n++) {
        atoms[n].x = lat->x0 + 0.0137f + uniform(&s) * lx;
        atoms[n].y = lat->y0 + 0.0291f + uniform(&s) * ly;
        atoms[n].z = lat->z0 + 0.0413f + uniform(&s) * lz;
        /* partial charges: mostly small, a few ions */
        float u = uniform(&s);
        atoms[n].q = (u < 0.05f) ? ((n & 1) ? 1.0f : -1.0f) : (u - 0.525f) * 1.6f;
    }
}
