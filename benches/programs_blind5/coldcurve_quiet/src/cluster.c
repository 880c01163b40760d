#include <stdlib.h>
#include <string.h>
#include "cluster.h"

cluster_t cluster_fcc_sphere(double a, double r)
{
    static const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
    int m = (int)(r / a) + 1, cap = 4 * (2 * m + 1) * (2 * m + 1) * (2 * m + 1);
    cluster_t c;
    c.n = 0;
    c.x = malloc(cap * sizeof(double));
    c.y = malloc(cap * sizeof(double));
    c.z = malloc(cap * sizeof(double));
    for (int i = -m; i <= m; i++)
        for (int j = -m; j <= m; j++)
            for (int k = -m; k <= m; k++)
                for (int b = 0; b < 4; b++) {
                    double px = a * (i + basis[b][0]), py = a * (j + basis[b][1]),
                           pz = a * (k + basis[b][2]);
                    if (px * px + py * py + pz * pz <= r * r) {
                        c.x[c.n] = px; c.y[c.n] = py; c.z[c.n] = pz; c.n++;
                    }
                }
    return c;
}

cluster_t cluster_copy(const cluster_t *c)
{
    cluster_t d = {c->n, malloc(c->n * sizeof(double)), malloc(c->n * sizeof(double)),
                   malloc(c->n * sizeof(double))};
    memcpy(d.x, c->x, c->n * sizeof(double));
    memcpy(d.y, c->y, c->n * sizeof(double));
    memcpy(d.z, c->z, c->n * sizeof(double));
    return d;
}

void cluster_scale(const cluster_t *ref, cluster_t *out, double s)
{
    for (int i = 0; i < ref->n; i++) {
        out->x[i] = s * ref->x[i];
        out->y[i] = s * ref->y[i];
        out->z[i] = s * ref->z[i];
    }
}

void cluster_free(cluster_t *c)
{
    free(c->x); free(c->y); free(c->z);
    c->n = 0;
}
