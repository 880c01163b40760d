/* Parboil tpacf's doCompute (its CPU version): every pair's dot product, placed by a binary
   search among the bin boundaries; hist[0] counts pairs closer than the first boundary,
   hist[NBINS + 1] pairs farther than the last. */
#include "tpacf.h"

void doCompute(const Point *a, int na, const Point *b, int nb, const double *binb,
               hist_t *hist, int self)
{
    for (int i = 0; i < na; i++) {
        const double xi = a[i].x, yi = a[i].y, zi = a[i].z;
        for (int j = self ? i + 1 : 0; j < nb; j++) {
            const double dot = xi * b[j].x + yi * b[j].y + zi * b[j].z;
            int min = 0, max = NBINS;
            /* binary search: binb is decreasing */
            while (max > min + 1) {
                int k = (min + max) / 2;
                if (dot >= binb[k])
                    max = k;
                else
                    min = k;
            }
            if (dot >= binb[min])
                hist[min] += 1;
            else if (dot < binb[max])
                hist[max + 1] += 1;
            else
                hist[max] += 1;
        }
    }
}
