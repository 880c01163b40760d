/* potmap: the short-range potential of the model box on a lattice, for the next docking step.
   Sizes are build-time switches (-DLATTICE_NX ... -DNATOMS); prints its map's statistics. */
#include <stdio.h>
#include <stdlib.h>
#include "cutcp.h"

int main(void)
{
    Lattice lat = {LATTICE_NX, LATTICE_NY, LATTICE_NZ, GRID_SPACING, -1.0f, -2.0f, 0.5f, NULL};
    long npts = (long)lat.nx * lat.ny * lat.nz;
    lat.lattice = calloc(npts, sizeof(float));
    Atom *atoms = malloc(NATOMS * sizeof(Atom));
    if (!lat.lattice || !atoms) {
        fprintf(stderr, "potmap: out of memory\n");
        return 1;
    }
    make_atoms(atoms, NATOMS, &lat, 20240607u);
    cutoff_potential(&lat, CUTOFF, atoms, NATOMS);
    report(&lat, atoms, NATOMS);
    free(atoms);
    free(lat.lattice);
    return 0;
}
