#include <mpi.h>
#include "heat1d.h"

/* exchange one ghost cell with each neighbour (non-periodic) */
void halo(double *u, int nloc, int rank, int size) {
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[nloc + 1], 1, MPI_DOUBLE, right, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[nloc], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
