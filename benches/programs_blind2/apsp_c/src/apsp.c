/* apsp.c: Floyd-Warshall */
#include "apsp.h"

void apsp_floyd(graph_t *g)
{
    int n = g->n;
    int **d = g->dist;
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (d[i][k] + d[k][j] < d[i][j])
                    d[i][j] = d[i][k] + d[k][j];
}
