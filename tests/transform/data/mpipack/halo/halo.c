/* halo exchange between column neighbours: one message per row (the slow way) */
#include "halo.h"

void exchange_sendrecv(grid_t *g, MPI_Comm comm)
{
    int i;
    int ncols = g->ncols;
    double (*a)[NCOLS + 2] = g->a;
    for (i = 1; i <= g->rows; i++) {
        MPI_Sendrecv(&a[i][1], 1, MPI_DOUBLE, g->left, 7,
                     &a[i][ncols + 1], 1, MPI_DOUBLE, g->right, 7, comm, MPI_STATUS_IGNORE);
    }
    for (i = 1; i <= g->rows; i++)
        MPI_Sendrecv(&a[i][ncols], 1, MPI_DOUBLE, g->right, 8,
                     &a[i][0], 1, MPI_DOUBLE, g->left, 8, comm, MPI_STATUS_IGNORE);
}

void exchange_pairs(grid_t *g, MPI_Comm comm)
{
    int ncols = g->ncols;
    double (*a)[NCOLS + 2] = g->a;
    MPI_Status st;
    for (int i = 1; i <= g->rows; i++) {
        MPI_Send(&a[i][1], 1, MPI_DOUBLE, g->left, 3, comm);
        MPI_Recv(&a[i][ncols + 1], 1, MPI_DOUBLE, g->right, 3, comm, &st);
    }
    for (int i = 1; i <= g->rows; i++) {
        MPI_Send(&a[i][ncols], 1, MPI_DOUBLE, g->right, 4, comm);
        MPI_Recv(&a[i][0], 1, MPI_DOUBLE, g->left, 4, comm, &st);
    }
}

void exchange_nonblocking(grid_t *g, MPI_Comm comm)
{
    int ncols = g->ncols, rows = g->rows;
    double (*a)[NCOLS + 2] = g->a;
    MPI_Request req[4 * ROWS];
    for (int i = 0; i < rows; i++) {
        MPI_Irecv(&a[i + 1][ncols + 1], 1, MPI_DOUBLE, g->right, 5, comm, &req[4 * i]);
        MPI_Irecv(&a[i + 1][0], 1, MPI_DOUBLE, g->left, 6, comm, &req[4 * i + 1]);
        MPI_Isend(&a[i + 1][1], 1, MPI_DOUBLE, g->left, 5, comm, &req[4 * i + 2]);
        MPI_Isend(&a[i + 1][ncols], 1, MPI_DOUBLE, g->right, 6, comm, &req[4 * i + 3]);
    }
    MPI_Waitall(4 * rows, req, MPI_STATUSES_IGNORE);
}
