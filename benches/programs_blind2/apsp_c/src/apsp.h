/* apsp.h: all-pairs shortest paths */
#ifndef APSP_H
#define APSP_H
#include "graph.h"

/* Floyd-Warshall in place: afterwards g->dist[i][j] is the shortest path length. */
void apsp_floyd(graph_t *g);

#endif
