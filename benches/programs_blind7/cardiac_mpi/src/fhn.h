#ifndef FHN_H
#define FHN_H

/* FitzHugh-Nagumo kinetics in the Rogers-McCulloch form (dimensionless):
 *   du/dt = D lap(u) + c1 u (u - a)(1 - u) - c2 u v + I_stim
 *   dv/dt = b (u - d v)                                       */
typedef struct {
    double a, b, c1, c2, d;   /* kinetics */
    double D;                 /* diffusion coefficient (tissue units^2 / time) */
} FHN;

FHN fhn_default(void);
double fhn_du(const FHN *p, double u, double v);
double fhn_dv(const FHN *p, double u, double v);

#endif
