/* The boxes and their neighbour lists, and the particles, as lavaMD's main.c makes them */
#include <stdio.h>
#include <stdlib.h>
#include "lavamd.h"

box_str *make_boxes(dim_str *dim)
{
    int b = dim->boxes1d_arg;
    dim->number_boxes = (long)b * b * b;
    dim->space_elem = dim->number_boxes * NUMBER_PAR_PER_BOX;
    box_str *box = malloc(dim->number_boxes * sizeof(box_str));
    if (!box) {
        fprintf(stderr, "screening: out of memory\n");
        exit(1);
    }
    int nh = 0;
    for (int i = 0; i < b; i++)
        for (int j = 0; j < b; j++)
            for (int k = 0; k < b; k++) {
                box_str *h = &box[nh];
                h->x = k;
                h->y = j;
                h->z = i;
                h->number = nh;
                h->offset = (long)nh * NUMBER_PAR_PER_BOX;
                h->nn = 0;
                for (int l = -1; l < 2; l++)
                    for (int m = -1; m < 2; m++)
                        for (int n = -1; n < 2; n++) {
                            if (!((i + l >= 0 && j + m >= 0 && k + n >= 0) &&
                                  (i + l < b && j + m < b && k + n < b)))
                                continue;
                            if (l == 0 && m == 0 && n == 0)
                                continue;
                            nei_str *e = &h->nei[h->nn];
                            e->x = k + n;
                            e->y = j + m;
                            e->z = i + l;
                            e->number = (e->z * b * b) + (e->y * b) + e->x;
                            e->offset = (long)e->number * NUMBER_PAR_PER_BOX;
                            h->nn++;
                        }
                nh++;
            }
    return box;
}

void fill_particles(const dim_str *dim, FOUR_VECTOR *rv, double *qv, unsigned seed)
{
    srand(seed);
    for (long i = 0; i < dim->space_elem; i++) {
        rv[i].v = (rand() % 10 + 1) / 10.0;
        rv[i].x = (rand() % 10 + 1) / 10.0;
        rv[i].y = (rand() % 10 + 1) / 10.0;
        rv[i].z = (rand() % 10 + 1) / 10.0;
        qv[i] = (rand() % 10 + 1) / 10.0;
    }
}
