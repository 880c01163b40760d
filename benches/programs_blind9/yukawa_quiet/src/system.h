/* system.h -- particles of the 2-D Yukawa monolayer (lengths in units of the
 * Wigner-Seitz radius a, energies in units of the thermal energy kT, mass 1) */
#ifndef SYSTEM_H
#define SYSTEM_H

typedef struct {
    int n;            /* number of particles */
    double box;       /* side of the periodic square box */
    double gamma;     /* coupling parameter */
    double kappa;     /* screening parameter a / lambda_D */
    double *x, *y;    /* positions, wrapped into [0, box) */
    double *vx, *vy;  /* velocities */
    double *fx, *fy;  /* forces */
    double *x0, *y0;  /* unwrapped start positions (for the MSD) */
    double *ux, *uy;  /* unwrapped positions */
} System;

System *system_create(int n, double gamma, double kappa, double temperature,
                      unsigned long long seed);
void system_free(System *s);
double system_kinetic(const System *s);
double system_msd(const System *s);
void system_wrap(System *s);

/* nearest periodic image of a coordinate difference */
static inline double min_image(double d, double box)
{
    if (d > 0.5 * box) d -= box;
    else if (d < -0.5 * box) d += box;
    return d;
}

#endif
