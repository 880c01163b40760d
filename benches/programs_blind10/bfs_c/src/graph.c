/* a street network: a width x height grid of junctions whose blocks are joined by a
 * street with probability keep (dead ends, rivers, parks make the rest), undirected, and
 * one-way expressway links: a junction has a ramp to a random far junction with
 * probability ramp */
#include <stdlib.h>
#include "graph.h"

static unsigned long lcg(unsigned long *s)
{
    *s = *s * 6364136223846793005UL + 1442695040888963407UL;
    return *s >> 33;
}

Graph *graph_street_grid(int width, int height, double keep, double ramp, unsigned long seed)
{
    Graph *g = malloc(sizeof *g);
    int n = width * height;
    unsigned long s = seed;
    unsigned long limit = (unsigned long)(keep * 2147483648.0);
    unsigned long ramp_limit = (unsigned long)(ramp * 2147483648.0);
    /* east[i], north[i]: is there a street from junction i to its east / north neighbour */
    char *east = calloc(n, 1), *north = calloc(n, 1);
    int *link = malloc((size_t)n * sizeof(int));
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            int i = y * width + x;
            east[i] = x + 1 < width && lcg(&s) < limit;
            north[i] = y + 1 < height && lcg(&s) < limit;
            link[i] = lcg(&s) < ramp_limit ? (int)(lcg(&s) % (unsigned long)n) : -1;
        }
    g->no_of_nodes = n;
    g->width = width;
    g->height = height;
    g->nodes = malloc((size_t)n * sizeof(Node));
    g->edges = malloc((size_t)n * 5 * sizeof(int));
    int e = 0;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            int i = y * width + x;
            g->nodes[i].starting = e;
            if (east[i]) g->edges[e++] = i + 1;
            if (north[i]) g->edges[e++] = i + width;
            if (x > 0 && east[i - 1]) g->edges[e++] = i - 1;
            if (y > 0 && north[i - width]) g->edges[e++] = i - width;
            if (link[i] >= 0 && link[i] != i) g->edges[e++] = link[i];
            g->nodes[i].no_of_edges = e - g->nodes[i].starting;
        }
    g->edge_list_size = e;
    free(east);
    free(north);
    free(link);
    return g;
}

void graph_free(Graph *g)
{
    free(g->nodes);
    free(g->edges);
    free(g);
}
