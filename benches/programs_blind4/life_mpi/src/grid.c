#include <stdlib.h>
#include <string.h>
#include "grid.h"

void grid_init(Grid *g, int rows, int cols, int rank, int size)
{
    g->rows = rows;
    g->cols = cols;
    int base = cols / size, extra = cols % size;
    g->nc = base + (rank < extra);
    g->c0 = rank * base + (rank < extra ? rank : extra);
    g->stride = g->nc + 2;
    size_t n = (size_t)(rows + 2) * g->stride;
    g->cur = calloc(n, 1);
    g->next = calloc(n, 1);
}

/* the same board whatever the number of ranks: a cell's state hashes its global position */
static unsigned hash(unsigned x)
{
    x ^= x >> 16; x *= 0x7feb352dU;
    x ^= x >> 15; x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

void grid_seed(Grid *g, unsigned seed, double density)
{
    unsigned limit = (unsigned)(density * 4294967295.0);
    for (int i = 1; i <= g->rows; i++)
        for (int j = 1; j <= g->nc; j++) {
            unsigned gid = (unsigned)(i - 1) * (unsigned)g->cols + (unsigned)(g->c0 + j - 1);
            AT(g, g->cur, i, j) = hash(gid ^ hash(seed)) < limit;
        }
}

void grid_step(Grid *g)
{
    for (int i = 1; i <= g->rows; i++) {
        const unsigned char *up = &AT(g, g->cur, i - 1, 0);
        const unsigned char *mid = &AT(g, g->cur, i, 0);
        const unsigned char *dn = &AT(g, g->cur, i + 1, 0);
        unsigned char *out = &AT(g, g->next, i, 0);
        for (int j = 1; j <= g->nc; j++) {
            int n = up[j - 1] + up[j] + up[j + 1] + mid[j - 1] + mid[j + 1]
                  + dn[j - 1] + dn[j] + dn[j + 1];
            out[j] = (n == 3) | ((n == 2) & mid[j]);
        }
    }
    unsigned char *t = g->cur;
    g->cur = g->next;
    g->next = t;
}

long grid_population(const Grid *g)
{
    long pop = 0;
    for (int i = 1; i <= g->rows; i++)
        for (int j = 1; j <= g->nc; j++)
            pop += AT(g, g->cur, i, j);
    return pop;
}

/* order-free signature of the live cells (sum of a hash of their global index) */
unsigned long grid_signature(const Grid *g)
{
    unsigned long s = 0;
    for (int i = 1; i <= g->rows; i++)
        for (int j = 1; j <= g->nc; j++)
            if (AT(g, g->cur, i, j))
                s += hash((unsigned)(i - 1) * (unsigned)g->cols + (unsigned)(g->c0 + j - 1)) % 1000003UL;
    return s;
}

void grid_free(Grid *g)
{
    free(g->cur);
    free(g->next);
}
