#include "fhn.h"

FHN fhn_default(void)
{
    FHN p = {0.13, 0.013, 0.26, 0.1, 1.0, 4.0};
    return p;
}

double fhn_du(const FHN *p, double u, double v)
{
    return p->c1 * u * (u - p->a) * (1.0 - u) - p->c2 * u * v;
}

double fhn_dv(const FHN *p, double u, double v)
{
    return p->b * (u - p->d * v);
}
