/* catalogues: a clustered "data" patch and uniform random patches over the same cap */
#include <math.h>
#include "tpacf.h"

static double uni(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) / 9007199254740992.0;
}

void make_catalog(Point *p, int n, unsigned long long seed, int clustered)
{
    const double d2r = M_PI / 180.0;
    unsigned long long s = seed;
    double cra = 0.0, cdec = 0.0;
    for (int i = 0; i < n; i++) {
        double ra, dec;
        if (clustered && i % 16 != 0) {          /* members of a group around a centre */
            ra = cra + 0.4 * (uni(&s) - 0.5);
            dec = cdec + 0.4 * (uni(&s) - 0.5);
        } else {                                  /* a field object, a new centre */
            ra = 150.0 + 40.0 * uni(&s);
            dec = asin(-0.35 + 0.7 * uni(&s)) / d2r;   /* uniform in sin(dec) */
            cra = ra;
            cdec = dec;
        }
        double cd = cos(dec * d2r);
        p[i].x = cos(ra * d2r) * cd;
        p[i].y = sin(ra * d2r) * cd;
        p[i].z = sin(dec * d2r);
    }
}

/* Parboil's bin boundaries: cos of the log-spaced angles, decreasing */
void make_bins(double *binb)
{
    double lmin = log10(MIN_ARCMIN), lmax = log10(MAX_ARCMIN);
    double step = (lmax - lmin) / NBINS;
    for (int k = 0; k <= NBINS; k++)
        binb[k] = cos(pow(10.0, lmin + k * step) / 60.0 * M_PI / 180.0);
}
