/* angcorr: Parboil's tpacf (two-point angular correlation function) for our survey patches */
#ifndef TPACF_H
#define TPACF_H

#define NBINS 20                 /* Parboil: 20 bins, log-spaced ... */
#define MIN_ARCMIN 1.0           /* ... from 1 arc minute ... */
#define MAX_ARCMIN 10000.0       /* ... to 10000 arc minutes */

typedef struct {
    double x, y, z;              /* Parboil's cartesian unit vectors */
} Point;

typedef long long hist_t;

void make_catalog(Point *p, int n, unsigned long long seed, int clustered);
void make_bins(double *binb);
void doCompute(const Point *a, int na, const Point *b, int nb, const double *binb,
               hist_t *hist, int self);
void landy_szalay(const hist_t *dd, const hist_t *dr, const hist_t *rr, int nd, int nr,
                  int nrand);

#endif
