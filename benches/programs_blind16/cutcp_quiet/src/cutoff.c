/* Parboil cutcp's potential: each atom adds q/r * (1 - r^2/a^2)^2 to every lattice point
   closer than the cutoff a (a smooth switching to zero at the cutoff). */
#include <math.h>
#include "cutcp.h"

void cutoff_potential(Lattice *lat, float cutoff, const Atom *atoms, int natoms)
{
    const int nx = lat->nx, ny = lat->ny, nz = lat->nz;
    const float h = lat->h;
    const float a2 = cutoff * cutoff;
    const float inv_a2 = 1.0f / a2;
    float *pot = lat->lattice;

    for (int n = 0; n < natoms; n++) {
        const float q = atoms[n].q;
        const float ax = atoms[n].x - lat->x0;
        const float ay = atoms[n].y - lat->y0;
        const float az = atoms[n].z - lat->z0;
        /* every lattice point is tested against the cutoff */
        for (int k = 0; k < nz; k++) {
            const float dz = k * h - az;
            for (int j = 0; j < ny; j++) {
                const float dy = j * h - ay;
                float *row = pot + ((long)k * ny + j) * nx;
                for (int i = 0; i < nx; i++) {
                    const float dx = i * h - ax;
                    const float r2 = dx * dx + dy * dy + dz * dz;
                    if (r2 < a2) {
                        const float s = 1.0f - r2 * inv_a2;
                        row[i] += q * (1.0f / sqrtf(r2)) * s * s;
                    }
                }
            }
        }
    }
}
