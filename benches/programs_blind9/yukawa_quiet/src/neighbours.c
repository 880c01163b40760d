/* neighbours.c -- all-pairs construction of the Verlet list */
#include <stdio.h>
#include <stdlib.h>

#include "neighbours.h"

NeighbourList *nlist_create(const System *s, double cutoff)
{
    NeighbourList *nl = calloc(1, sizeof *nl);
    nl->cutoff = cutoff;
    nl->capacity = 64L * s->n;
    nl->start = malloc((size_t)(s->n + 1) * sizeof(int));
    nl->list = malloc((size_t)nl->capacity * sizeof(int));
    return nl;
}

void nlist_build(NeighbourList *nl, const System *s)
{
    const double rc2 = nl->cutoff * nl->cutoff;
    long k = 0;
    for (int i = 0; i < s->n; i++) {
        nl->start[i] = (int)k;
        for (int j = i + 1; j < s->n; j++) {
            double dx = min_image(s->x[i] - s->x[j], s->box);
            double dy = min_image(s->y[i] - s->y[j], s->box);
            if (dx * dx + dy * dy < rc2) {
                if (k == nl->capacity) {
                    nl->capacity *= 2;
                    nl->list = realloc(nl->list, (size_t)nl->capacity * sizeof(int));
                }
                nl->list[k++] = j;
            }
        }
    }
    nl->start[s->n] = (int)k;
    nl->builds++;
}

void nlist_free(NeighbourList *nl)
{
    free(nl->start);
    free(nl->list);
    free(nl);
}
