/* Ideal Penning trap: uniform axial B, quadrupole electrostatic potential */
#ifndef TRAP_H
#define TRAP_H

typedef struct {
    double bz;      /* magnetic field (scaled: q B / m) */
    double kz;      /* axial spring constant (scaled: q V0 / (m d^2)) */
    double r_wall;  /* ring electrode radius */
    double z_cap;   /* end-cap position */
} Trap;

/* electric field per unit charge/mass at (x, y, z) */
static inline void trap_efield(const Trap *t, double x, double y, double z,
                               double *ex, double *ey, double *ez)
{
    *ex = 0.5 * t->kz * x;
    *ey = 0.5 * t->kz * y;
    *ez = -t->kz * z;
}

void trap_default(Trap *t);

#endif
