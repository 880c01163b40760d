#include <math.h>
#include <stdio.h>
#include "tpacf.h"

/* the counts per bin and the Landy-Szalay estimate w = (DD - 2 DR + RR) / RR, normalised */
void landy_szalay(const hist_t *dd, const hist_t *dr, const hist_t *rr, int nd, int nr,
                  int nrand)
{
    double ndd = 0.5 * nd * (nd - 1.0), ndr = (double)nd * nr * nrand,
           nrr = 0.5 * nr * (nr - 1.0) * nrand;
    double lmin = log10(MIN_ARCMIN), step = (log10(MAX_ARCMIN) - lmin) / NBINS;
    hist_t tdd = 0, tdr = 0, trr = 0;
    printf(" bin  theta[arcmin]            DD            DR            RR     w(theta)\n");
    for (int k = 1; k <= NBINS; k++) {
        double theta = pow(10.0, lmin + (k - 0.5) * step);
        double w = rr[k] ? (dd[k] / ndd - 2.0 * dr[k] / ndr + rr[k] / nrr) / (rr[k] / nrr) : 0.0;
        printf(" %3d %14.4f %13lld %13lld %13lld %12.6f\n", k, theta, dd[k], dr[k], rr[k], w);
    }
    for (int k = 0; k <= NBINS + 1; k++) {
        tdd += dd[k];
        tdr += dr[k];
        trr += rr[k];
    }
    printf(" pairs DD %lld DR %lld RR %lld (closer than 1': %lld %lld %lld)\n", tdd, tdr, trr,
           dd[0], dr[0], rr[0]);
}
