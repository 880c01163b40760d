/* potmap: Parboil's cutcp (cutoff Coulombic potential) adapted for our model boxes */
#ifndef CUTCP_H
#define CUTCP_H

#ifndef LATTICE_NX
#define LATTICE_NX 160
#endif
#ifndef LATTICE_NY
#define LATTICE_NY 160
#endif
#ifndef LATTICE_NZ
#define LATTICE_NZ 80
#endif
#ifndef NATOMS
#define NATOMS 1200
#endif

/* lattice spacing and cutoff, Angstrom (Parboil: h = 0.5, cutoff = 12; ours 8) */
#define GRID_SPACING 0.5f
#define CUTOFF 8.0f

typedef struct {
    float x, y, z, q;           /* Parboil's Atom: position and charge */
} Atom;

typedef struct {
    int nx, ny, nz;
    float h;                    /* lattice spacing */
    float x0, y0, z0;           /* lattice origin */
    float *lattice;             /* nx*ny*nz potentials, x fastest */
} Lattice;

void make_atoms(Atom *atoms, int natoms, const Lattice *lat, unsigned seed);
void cutoff_potential(Lattice *lat, float cutoff, const Atom *atoms, int natoms);
void report(const Lattice *lat, const Atom *atoms, int natoms);

#endif
