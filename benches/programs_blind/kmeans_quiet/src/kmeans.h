/* kmeans.h: Lloyd's k-means on points of DIM coordinates */
#ifndef KMEANS_H
#define KMEANS_H

#ifndef NPOINTS
#define NPOINTS 100000
#endif
#ifndef DIM
#define DIM 8
#endif
#ifndef NCLUSTERS
#define NCLUSTERS 16
#endif

typedef struct {
    double c[NCLUSTERS][DIM];   /* centroids */
    long count[NCLUSTERS];      /* members of each cluster after the last step */
} model_t;

/* one Lloyd iteration: assign every point to its nearest centroid, move the centroids;
   returns how many points changed cluster */
long kmeans_step(const double (*pts)[DIM], long n, int *label, model_t *m);
void kmeans_seed(const double (*pts)[DIM], long n, model_t *m);

#endif
