#ifndef HALO_H
#define HALO_H
#include <mpi.h>
#include "grid.h"

/* fill my ghost columns from the neighbouring strips (MPI_PROC_NULL at the board's edges) */
void halo_exchange(Grid *g, int left, int right, MPI_Comm comm);

#endif
