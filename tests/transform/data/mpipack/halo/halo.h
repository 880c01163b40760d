#ifndef HALO_H
#define HALO_H
#include <mpi.h>

typedef struct {
    int rows, ncols;      /* interior rows, interior columns */
    int left, right;      /* neighbour ranks (periodic) */
    double (*a)[NCOLS + 2];
} grid_t;

void exchange_sendrecv(grid_t *g, MPI_Comm comm);
void exchange_pairs(grid_t *g, MPI_Comm comm);
void exchange_nonblocking(grid_t *g, MPI_Comm comm);
#endif
