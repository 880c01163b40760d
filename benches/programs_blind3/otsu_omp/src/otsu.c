#include "otsu.h"

int otsu_threshold(const long *hist, int levels, double *separability)
{
    double total = 0, sum = 0, sum2 = 0;
    for (int v = 0; v < levels; v++) {
        total += hist[v];
        sum += (double)v * hist[v];
        sum2 += (double)v * v * hist[v];
    }
    double w0 = 0, s0 = 0, best = -1;
    int t_best = 0;
    for (int t = 0; t < levels; t++) {
        w0 += hist[t];
        s0 += (double)t * hist[t];
        double w1 = total - w0;
        if (w0 == 0 || w1 == 0)
            continue;
        double m0 = s0 / w0, m1 = (sum - s0) / w1;
        double between = w0 * w1 * (m0 - m1) * (m0 - m1);
        if (between > best) {
            best = between;
            t_best = t;
        }
    }
    double var = sum2 / total - (sum / total) * (sum / total);
    *separability = best / (total * total) / var;
    return t_best;
}
