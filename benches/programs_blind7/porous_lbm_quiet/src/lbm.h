#ifndef LBM_H
#define LBM_H

/* D2Q9 lattice, BGK collision, body force along x, full-way bounce-back on solid nodes,
 * periodic in x and y. Distributions stored as 9 planes of nx*ny doubles. */

#define Q 9

typedef struct {
    int nx, ny;
    double tau, omega, gx;      /* relaxation time, 1/tau, body force per unit mass */
    const unsigned char *solid;
    double *f;                  /* current distributions, 9 planes */
    double *fnew;               /* the other lattice: written by a step, then swapped */
} Lattice;

void lbm_init(Lattice *L, int nx, int ny, double tau, double gx, const unsigned char *solid);
void lbm_free(Lattice *L);
/* distribution k at node (x, y) of the current lattice; x and y are wrapped periodically,
 * so a caller may ask for x = -1 or x = nx (lattice.c) */
double lat_get(const Lattice *L, int k, int x, int y);
/* store distribution k at node (x, y) of the next lattice (0 <= x < nx, 0 <= y < ny) */
void lat_set(Lattice *L, int k, int x, int y, double v);

/* one fused pull-stream + collide step: writes L->fnew, then swaps it with L->f */
void lbm_step(Lattice *L);
/* mean x velocity over the whole domain (solid counts as zero), and the largest speed;
 * if profile is not NULL, adds the row averages of ux to profile[0..ny-1] */
void lbm_velocity(const Lattice *L, double *ux_mean, double *umax, double *profile);

#endif
