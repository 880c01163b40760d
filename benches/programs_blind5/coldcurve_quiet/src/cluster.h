#ifndef CLUSTER_H
#define CLUSTER_H

typedef struct {
    int n;
    double *x, *y, *z;
} cluster_t;

/* fcc lattice sites (lattice constant a) inside a sphere of radius r */
cluster_t cluster_fcc_sphere(double a, double r);
void cluster_scale(const cluster_t *ref, cluster_t *out, double s);
cluster_t cluster_copy(const cluster_t *c);
void cluster_free(cluster_t *c);

#endif
