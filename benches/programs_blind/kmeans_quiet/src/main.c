/* cluster step of a nightly job: reads its parameters from argv, clusters the day's feature
   vectors and leaves the centroids in centroids.txt for the next stage. It prints nothing;
   the job's scheduler only looks at the exit code. usage: kmeans [iterations] [out file] */
#include <stdio.h>
#include <stdlib.h>
#include "kmeans.h"

static void make_points(double (*pts)[DIM], long n) {
    unsigned long long s = 88172645463325252ULL;
    for (long i = 0; i < n; i++) {
        int blob = (int)(i % 11);
        for (int j = 0; j < DIM; j++) {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            double u = (double)(s >> 11) / 9007199254740992.0;
            pts[i][j] = (double)((blob * (j + 3)) % 7) + 1.5 * (u - 0.5);
        }
    }
}

int main(int argc, char **argv) {
    int iters = argc > 1 ? atoi(argv[1]) : 30;
    const char *out = argc > 2 ? argv[2] : "centroids.txt";
    double (*pts)[DIM] = malloc(sizeof(double[DIM]) * NPOINTS);
    int *label = malloc(sizeof(int) * NPOINTS);
    model_t m;
    if (!pts || !label)
        return 2;
    make_points(pts, NPOINTS);
    for (long i = 0; i < NPOINTS; i++)
        label[i] = -1;
    kmeans_seed((const double (*)[DIM])pts, NPOINTS, &m);
    for (int it = 0; it < iters; it++)
        if (kmeans_step((const double (*)[DIM])pts, NPOINTS, label, &m) == 0 && it > 0)
            break;
    FILE *f = fopen(out, "w");
    if (!f)
        return 3;
    for (int k = 0; k < NCLUSTERS; k++) {
        fprintf(f, "%ld", m.count[k]);
        for (int j = 0; j < DIM; j++)
            fprintf(f, " %.10e", m.c[k][j]);
        fprintf(f, "\n");
    }
    fclose(f);
    free(pts);
    free(label);
    return 0;
}
