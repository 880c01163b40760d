#include "halo.h"

#define TAG_WEST 11
#define TAG_EAST 12

void halo_exchange(Grid *g, int left, int right, MPI_Comm comm)
{
    /* the strips are columns, so the edge of my strip is one cell per row */
    for (int i = 1; i <= g->rows; i++) {
        /* my first column goes west, the east neighbour's first column lands in my east ghost */
        MPI_Sendrecv(&AT(g, g->cur, i, 1), 1, MPI_UNSIGNED_CHAR, left, TAG_WEST,
                     &AT(g, g->cur, i, g->nc + 1), 1, MPI_UNSIGNED_CHAR, right, TAG_WEST,
                     comm, MPI_STATUS_IGNORE);
        /* my last column goes east, the west neighbour's last column lands in my west ghost */
        MPI_Sendrecv(&AT(g, g->cur, i, g->nc), 1, MPI_UNSIGNED_CHAR, right, TAG_EAST,
                     &AT(g, g->cur, i, 0), 1, MPI_UNSIGNED_CHAR, left, TAG_EAST,
                     comm, MPI_STATUS_IGNORE);
    }
}
