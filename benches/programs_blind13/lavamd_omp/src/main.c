/* screening: forces and potentials of a boxed particle system (Rodinia lavaMD)
 * usage: ./screening -boxes1d N [-alpha A] [-seed S] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lavamd.h"

int main(int argc, char **argv)
{
    dim_str dim = {.boxes1d_arg = 1};
    par_str par = {.alpha = 0.5};
    unsigned seed = 2;
    for (int a = 1; a + 1 < argc; a += 2) {
        if (strcmp(argv[a], "-boxes1d") == 0)
            dim.boxes1d_arg = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "-alpha") == 0)
            par.alpha = atof(argv[a + 1]);
        else if (strcmp(argv[a], "-seed") == 0)
            seed = (unsigned)atoi(argv[a + 1]);
        else {
            fprintf(stderr, "usage: %s -boxes1d N [-alpha A] [-seed S]\n", argv[0]);
            return 1;
        }
    }
    if (dim.boxes1d_arg < 1) {
        fprintf(stderr, "screening: -boxes1d must be positive\n");
        return 1;
    }

    box_str *box = make_boxes(&dim);
    FOUR_VECTOR *rv = malloc(dim.space_elem * sizeof(FOUR_VECTOR));
    double *qv = malloc(dim.space_elem * sizeof(double));
    FOUR_VECTOR *fv = calloc(dim.space_elem, sizeof(FOUR_VECTOR));
    if (!rv || !qv || !fv) {
        fprintf(stderr, "screening: out of memory\n");
        return 1;
    }
    fill_particles(&dim, rv, qv, seed);
    printf("boxes %ld (%d per side), particles %ld, alpha %g\n", dim.number_boxes,
           dim.boxes1d_arg, dim.space_elem, par.alpha);

    double t0 = omp_get_wtime();
    kernel_cpu(par, dim, box, rv, qv, fv);
    double t1 = omp_get_wtime();

    double sv = 0, sx = 0, sy = 0, sz = 0;
    for (long i = 0; i < dim.space_elem; i++) {
        sv += fv[i].v;
        sx += fv[i].x;
        sy += fv[i].y;
        sz += fv[i].z;
    }
    printf("total potential %.12e\n", sv);
    printf("total force %.12e %.12e %.12e\n", sx, sy, sz);
    for (long i = 0; i < dim.space_elem; i += dim.space_elem / 5)
        printf("particle %ld: %.12e %.12e %.12e %.12e\n", i, fv[i].v, fv[i].x, fv[i].y, fv[i].z);
    printf("kernel: %.6f s\n", t1 - t0);
    free(box);
    free(rv);
    free(qv);
    free(fv);
    return 0;
}
