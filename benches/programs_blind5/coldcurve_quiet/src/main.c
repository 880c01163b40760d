/* coldcurve: energy and pressure of a Lennard-Jones (argon) cluster under uniform
 * compression and expansion, per-atom energies for each strain, written to coldcurve.dat.
 * usage: coldcurve [radius_in_sigma=7.0] [nstrain=21] */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include "cluster.h"
#include "lj.h"

int main(int argc, char **argv)
{
    double radius = argc > 1 ? atof(argv[1]) : 7.0;
    int nstrain = argc > 2 ? atoi(argv[2]) : 21;
    const lj_params ar = {1.0, 1.0};
    const double a0 = pow(2.0, 2.0 / 3.0) * ar.sigma;   /* fcc nearest neighbour at 2^(1/6) sigma */
    cluster_t ref = cluster_fcc_sphere(a0, radius * ar.sigma);
    cluster_t cur = cluster_copy(&ref);
    double *e_atom = malloc(ref.n * sizeof(double));
    FILE *out = fopen("coldcurve.dat", "w");
    if (!out) { perror("coldcurve.dat"); return 1; }
    fprintf(out, "# LJ cluster, %d atoms, fcc a0 = %.6f sigma\n", ref.n, a0);
    for (int s = 0; s < nstrain; s++) {
        double strain = -0.10 + 0.20 * s / (nstrain > 1 ? nstrain - 1 : 1);
        double scale = 1.0 + strain, w;
        cluster_scale(&ref, &cur, scale);
        double e = lj_energy(&cur, ar, e_atom, &w);
        double vol = 4.0 / 3.0 * M_PI * pow(radius * scale, 3.0);
        double emin = e_atom[0], emax = e_atom[0];
        for (int i = 1; i < cur.n; i++) {
            if (e_atom[i] < emin) emin = e_atom[i];
            if (e_atom[i] > emax) emax = e_atom[i];
        }
        fprintf(out, "strain %+.4f  E/N %.10e  P_virial %.10e  Emin %.10e  Emax %.10e\n",
                strain, e / cur.n, w / (3.0 * vol), emin, emax);
        for (int i = 0; i < cur.n; i++)
            fprintf(out, "%d %.10e\n", i, e_atom[i]);
    }
    fclose(out);
    free(e_atom);
    cluster_free(&cur);
    cluster_free(&ref);
    return 0;
}
