/* graph.c: a random "road network": nodes on a ring of towns, each linked to a few
   neighbours along the ring and, rarely, to a distant town (one-way roads included) */
#include <stdlib.h>
#include <stdio.h>
#include "graph.h"

static unsigned next_rand(unsigned *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

graph_t *graph_random_roads(int n, unsigned seed)
{
    graph_t *g = malloc(sizeof *g);
    if (!g) { perror("malloc"); exit(1); }
    g->n = n;
    g->dist = malloc((size_t)n * sizeof(int *));
    if (!g->dist) { perror("malloc"); exit(1); }
    for (int i = 0; i < n; i++) {
        g->dist[i] = malloc((size_t)n * sizeof(int));
        if (!g->dist[i]) { perror("malloc"); exit(1); }
        for (int j = 0; j < n; j++)
            g->dist[i][j] = (i == j) ? 0 : DIST_INF;
    }
    unsigned s = seed;
    for (int i = 0; i < n; i++) {
        for (int hop = 1; hop <= 3; hop++) {
            int j = (i + hop) % n;
            int w = 10 + (int)(next_rand(&s) % 90);
            g->dist[i][j] = w;
            if (next_rand(&s) % 4 != 0)          /* most roads are two-way */
                g->dist[j][i] = w + (int)(next_rand(&s) % 5);
        }
        if (next_rand(&s) % 16 == 0) {           /* a highway to a distant town */
            int j = (int)(next_rand(&s) % (unsigned)n);
            if (j != i)
                g->dist[i][j] = 200 + (int)(next_rand(&s) % 300);
        }
    }
    return g;
}

void graph_free(graph_t *g)
{
    for (int i = 0; i < g->n; i++)
        free(g->dist[i]);
    free(g->dist);
    free(g);
}
