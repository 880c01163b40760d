/* 2-D Jacobi smoothing, columns split across ranks; prints a checksum and its own timer */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "halo.h"

static void smooth(grid_t *g, double (*b)[NCOLS + 2])
{
    for (int i = 1; i <= g->rows; i++)
        for (int j = 1; j <= g->ncols; j++)
            b[i][j] = 0.25 * (g->a[i - 1][j] + g->a[i + 1][j] + g->a[i][j - 1] + g->a[i][j + 1]);
    for (int i = 1; i <= g->rows; i++)
        for (int j = 1; j <= g->ncols; j++)
            g->a[i][j] = b[i][j];
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 50;
    int mode = argc > 2 ? atoi(argv[2]) : 0;
    grid_t g = {ROWS, NCOLS, (rank + size - 1) % size, (rank + 1) % size, NULL};
    g.a = calloc(ROWS + 2, sizeof *g.a);
    double (*b)[NCOLS + 2] = calloc(ROWS + 2, sizeof *b);
    for (int i = 0; i < ROWS + 2; i++)
        for (int j = 0; j < NCOLS + 2; j++)
            g.a[i][j] = (double)((i * 131 + j * 17 + rank * 71) % 97) / 97.0;
    double t0 = MPI_Wtime();
    for (int s = 0; s < steps; s++) {
        if (mode == 0) exchange_sendrecv(&g, MPI_COMM_WORLD);
        else if (mode == 1) exchange_pairs(&g, MPI_COMM_WORLD);
        else exchange_nonblocking(&g, MPI_COMM_WORLD);
        smooth(&g, b);
    }
    double t1 = MPI_Wtime();
    double local = 0.0, total = 0.0;
    for (int i = 0; i <= ROWS + 1; i++)
        for (int j = 0; j <= NCOLS + 1; j++)
            local += g.a[i][j] * (1.0 + 0.001 * (i + j));
    MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("checksum %.17g\nelapsed %.3f s\n", total, t1 - t0);
    free(g.a);
    free(b);
    MPI_Finalize();
    return 0;
}
