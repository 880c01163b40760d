/* the cost grid: Rodinia's init (rand() % 10 per cell, seed M_SEED) with the group's own
 * generator (a 64-bit LCG) so the grid is the same on every machine */
#include <stdlib.h>
#include "pathfinder.h"

int make_grid(Grid *g, int rows, int cols, unsigned seed)
{
    g->rows = rows;
    g->cols = cols;
    g->data = malloc((size_t)rows * cols * sizeof(int));
    g->wall = malloc((size_t)rows * sizeof(int *));
    if (!g->data || !g->wall)
        return -1;
    for (int n = 0; n < rows; n++)
        g->wall[n] = g->data + (size_t)cols * n;
    unsigned long long s = 0x9E3779B97F4A7C15ull ^ seed;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            g->wall[i][j] = (int)((s >> 33) % 10);
        }
    return 0;
}

void free_grid(Grid *g)
{
    free(g->data);
    free(g->wall);
    g->data = NULL;
    g->wall = NULL;
}
