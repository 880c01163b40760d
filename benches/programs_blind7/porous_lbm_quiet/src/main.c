/* porolbm: intrinsic permeability of a random periodic array of discs (a 2-D sandstone
 * analogue) from body-force driven Stokes flow, lattice Boltzmann D2Q9.
 *
 *   ./porolbm [nx=160] [ny=160] [steps=800] [discs=20] [radius=8]
 *
 * Silent on success (the pore-network scripts call it in a loop); writes porolbm.out:
 * the run's parameters, the permeability history (Darcy: k = nu <u> / g in lattice units)
 * and the converged x-averaged velocity profile. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "geometry.h"
#include "lbm.h"

int main(int argc, char **argv)
{
    const int nx = argc > 1 ? atoi(argv[1]) : 160;
    const int ny = argc > 2 ? atoi(argv[2]) : 160;
    const int steps = argc > 3 ? atoi(argv[3]) : 800;
    const int ndisc = argc > 4 ? atoi(argv[4]) : 20;
    const double r = argc > 5 ? atof(argv[5]) : 8.0;
    const double tau = 0.8, gx = 1.0e-6;
    const double nu = (tau - 0.5) / 3.0;
    const int every = steps >= 10 ? steps / 10 : 1;

    unsigned char *solid = malloc((size_t)nx * ny);
    double *profile = calloc((size_t)ny, sizeof(double));
    const double phi = make_medium(solid, nx, ny, ndisc, r, 20240611u);
    FILE *out = fopen("porolbm.out", "w");
    if (!solid || !profile || !out) {
        fprintf(stderr, "porolbm: cannot allocate or open porolbm.out\n");
        return 1;
    }
    fprintf(out, "# porolbm D2Q9 BGK, tau %.3f, body force %.3e\n", tau, gx);
    fprintf(out, "# lattice %d x %d, %d discs of radius %.2f, porosity %.6f\n", nx, ny, ndisc, r,
            phi);
    fprintf(out, "# step  mean_ux  max_speed  k_lattice  k_over_r2\n");

    Lattice L;
    lbm_init(&L, nx, ny, tau, gx, solid);
    double um = 0.0, umax = 0.0;
    for (int t = 1; t <= steps; ++t) {
        lbm_step(&L);
        if (t % every == 0) {
            lbm_velocity(&L, &um, &umax, t == steps ? profile : NULL);
            const double k = nu * um / gx;
            fprintf(out, "%6d %.10e %.10e %.10e %.10e\n", t, um, umax, k, k / (r * r));
        }
    }
    fprintf(out, "# x-averaged ux per row at step %d\n", steps);
    for (int y = 0; y < ny; ++y) fprintf(out, "%4d %.10e\n", y, profile[y]);
    fclose(out);
    lbm_free(&L);
    free(solid);
    free(profile);
    return 0;
}
