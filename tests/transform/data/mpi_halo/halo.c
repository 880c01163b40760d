#include <mpi.h>
#include "halo.h"

/* one element per row: my first column goes west, my last east */
void exchange(double u[NY][NX], double *west, double *east, int left, int right)
{
    for (int i = 0; i < NY; i++)
        MPI_Sendrecv(&u[i][0], 1, MPI_DOUBLE, left, 7, &east[i], 1, MPI_DOUBLE, right, 7,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < NY; i++)
        MPI_Sendrecv(&u[i][NX - 1], 1, MPI_DOUBLE, right, 8, &west[i], 1, MPI_DOUBLE, left, 8,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* a rotation through the ring, element by element: what is received is sent next */
void shift_in_place(double *row, int n, int left, int right)
{
    for (int j = 0; j < n - 1; j++)
        MPI_Sendrecv(&row[j + 1], 1, MPI_DOUBLE, right, 9, &row[j], 1, MPI_DOUBLE, left, 9,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
