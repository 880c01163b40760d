/* graph.h: dense distance matrix of a weighted directed graph */
#ifndef GRAPH_H
#define GRAPH_H

#define DIST_INF 1000000000  /* "no path"; INF + INF still fits in an int */

typedef struct {
    int n;
    int **dist;   /* dist[i][j]: length of the best known path i -> j */
} graph_t;

graph_t *graph_random_roads(int n, unsigned seed);
void graph_free(graph_t *g);

#endif
