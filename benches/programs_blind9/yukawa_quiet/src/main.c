/* yukawa -- molecular dynamics of a 2-D Yukawa monolayer (a dusty-plasma crystal)
 *
 *   ./yukawa [particles=2500] [steps=200] [Gamma=120] [kappa=2.0] [seed=5]
 *
 * Velocity Verlet, dt = 0.01 (units: a, kT, mass 1), Berendsen thermostat at T = 1
 * during the first third of the steps, then NVE.  Prints the energies every
 * steps/10 steps, the mean-square displacement and the first peak of g(r).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "forces.h"
#include "neighbours.h"
#include "system.h"

#define DT 0.01
#define RCUT 4.0
#define TAU_T 0.5

static void pair_correlation(const System *s, double rmax, int nbins, double *peak_r,
                             double *peak_g)
{
    double *h = calloc((size_t)nbins, sizeof(double));
    double dr = rmax / nbins;
    for (int i = 0; i < s->n; i++)
        for (int j = i + 1; j < s->n; j++) {
            double dx = min_image(s->x[i] - s->x[j], s->box);
            double dy = min_image(s->y[i] - s->y[j], s->box);
            double r = sqrt(dx * dx + dy * dy);
            if (r < rmax) h[(int)(r / dr)] += 2.0;
        }
    double density = s->n / (s->box * s->box);
    *peak_g = 0;
    *peak_r = 0;
    for (int b = 0; b < nbins; b++) {
        double r = (b + 0.5) * dr;
        double g = h[b] / (s->n * density * 2.0 * M_PI * r * dr);
        if (g > *peak_g) {
            *peak_g = g;
            *peak_r = r;
        }
    }
    free(h);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 2500;
    int steps = argc > 2 ? atoi(argv[2]) : 200;
    double gamma = argc > 3 ? atof(argv[3]) : 120.0;
    double kappa = argc > 4 ? atof(argv[4]) : 2.0;
    unsigned long long seed = argc > 5 ? strtoull(argv[5], NULL, 10) : 5;
    int every = steps >= 10 ? steps / 10 : 1;

    System *s = system_create(n, gamma, kappa, 1.0, seed);
    NeighbourList *nl = nlist_create(s, RCUT);

    nlist_build(nl, s);
    ForceResult fr = compute_forces(s, nl, RCUT);

    printf("# 2-D Yukawa monolayer: N = %d, Gamma = %g, kappa = %g, box = %.4f\n", n, gamma,
           kappa, s->box);
    printf("# %6s %10s %14s %14s %12s %8s\n", "step", "T", "Epot/N", "Etot/N", "pressure",
           "pairs");
    for (int step = 1; step <= steps; step++) {
        /* first half kick and drift */
        for (int i = 0; i < n; i++) {
            s->vx[i] += 0.5 * DT * s->fx[i];
            s->vy[i] += 0.5 * DT * s->fy[i];
            s->x[i] += DT * s->vx[i];
            s->y[i] += DT * s->vy[i];
            s->ux[i] += DT * s->vx[i];
            s->uy[i] += DT * s->vy[i];
        }
        system_wrap(s);

        /* neighbours of the new positions, then forces */
        nlist_build(nl, s);
        fr = compute_forces(s, nl, RCUT);

        /* second half kick */
        for (int i = 0; i < n; i++) {
            s->vx[i] += 0.5 * DT * s->fx[i];
            s->vy[i] += 0.5 * DT * s->fy[i];
        }
        double kin = system_kinetic(s);
        double temp = kin / n;  /* 2 degrees of freedom: kin = N T */
        if (step <= steps / 3) {  /* Berendsen weak coupling to T = 1 */
            double lambda = sqrt(1.0 + DT / TAU_T * (1.0 / temp - 1.0));
            for (int i = 0; i < n; i++) {
                s->vx[i] *= lambda;
                s->vy[i] *= lambda;
            }
        }
        if (step % every == 0) {
            double area = s->box * s->box;
            double pressure = (n * temp + 0.5 * fr.virial) / area;
            printf("  %6d %10.6f %14.8f %14.8f %12.6f %8ld\n", step, temp, fr.potential / n,
                   (kin + fr.potential) / n, pressure, fr.pairs);
        }
    }

    double peak_r, peak_g;
    pair_correlation(s, 6.0, 120, &peak_r, &peak_g);
    printf("mean square displacement: %.8f\n", system_msd(s));
    printf("g(r) first peak: r = %.4f  g = %.6f\n", peak_r, peak_g);

    nlist_free(nl);
    system_free(s);
    return 0;
}
