/* kmeans.c: assignment and update steps */
#include <float.h>
#include <string.h>
#include "kmeans.h"

void kmeans_seed(const double (*pts)[DIM], long n, model_t *m) {
    for (int k = 0; k < NCLUSTERS; k++)
        memcpy(m->c[k], pts[(long)k * (n / NCLUSTERS)], sizeof m->c[k]);
}

static int nearest(const double *p, const model_t *m) {
    int best = 0;
    double bestd = DBL_MAX;
    for (int k = 0; k < NCLUSTERS; k++) {
        double d = 0.0;
        for (int j = 0; j < DIM; j++) {
            double t = p[j] - m->c[k][j];
            d += t * t;
        }
        if (d < bestd) {
            bestd = d;
            best = k;
        }
    }
    return best;
}

long kmeans_step(const double (*pts)[DIM], long n, int *label, model_t *m) {
    static double sum[NCLUSTERS][DIM];
    long changed = 0;
    memset(sum, 0, sizeof sum);
    memset(m->count, 0, sizeof m->count);
    for (long i = 0; i < n; i++) {
        int k = nearest(pts[i], m);
        if (k != label[i]) {
            changed++;
            label[i] = k;
        }
        m->count[k]++;
        for (int j = 0; j < DIM; j++)
            sum[k][j] += pts[i][j];
    }
    for (int k = 0; k < NCLUSTERS; k++)
        if (m->count[k] > 0)
            for (int j = 0; j < DIM; j++)
                m->c[k][j] = sum[k][j] / (double)m->count[k];
    return changed;
}
