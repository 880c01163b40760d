/* neighbours.h -- Verlet neighbour list (half list: j > i) */
#ifndef NEIGHBOURS_H
#define NEIGHBOURS_H

#include "system.h"

typedef struct {
    int *start;    /* start[i] .. start[i+1]-1: the neighbours of i in list[] */
    int *list;
    long capacity;
    double cutoff; /* list radius */
    long builds;   /* how many times the list was built */
} NeighbourList;

NeighbourList *nlist_create(const System *s, double cutoff);
void nlist_build(NeighbourList *nl, const System *s);
void nlist_free(NeighbourList *nl);

#endif
