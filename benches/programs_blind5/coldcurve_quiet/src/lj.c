#include <math.h>
#include <string.h>
#include "lj.h"

double lj_energy(const cluster_t *c, lj_params p, double *e_atom, double *virial)
{
    const int n = c->n;
    const double s2 = p.sigma * p.sigma, e4 = 4.0 * p.epsilon;
    double etot = 0.0, w = 0.0;
    memset(e_atom, 0, n * sizeof(double));
    for (int i = 0; i < n; i++) {
        double ei = 0.0;
        for (int j = i + 1; j < n; j++) {
            double dx = c->x[i] - c->x[j], dy = c->y[i] - c->y[j], dz = c->z[i] - c->z[j];
            double r2 = pow(dx, 2.0) + pow(dy, 2.0) + pow(dz, 2.0);
            double sr2 = s2 / r2;
            double sr6 = pow(sr2, 3.0), sr12 = pow(sr2, 6.0);
            double e = e4 * (sr12 - sr6);
            ei += 0.5 * e;
            e_atom[j] += 0.5 * e;
            w += e4 * (12.0 * sr12 - 6.0 * sr6);   /* r . F for this pair */
        }
        e_atom[i] += ei;
        etot += 2.0 * ei;
    }
    *virial = w;
    return etot;
}
