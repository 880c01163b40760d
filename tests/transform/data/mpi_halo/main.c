#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "halo.h"

static double u[NY][NX], v[NY][NX], west[NY], east[NY];

int main(int argc, char **argv)
{
    int rank, size, steps = argc > 1 ? atoi(argv[1]) : 40;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++)
            u[i][j] = (rank * NX + j) % 11 + 0.1 * i;
    double t0 = MPI_Wtime();
    for (int s = 0; s < steps; s++) {
        exchange(u, west, east, left, right);
        for (int i = 1; i < NY - 1; i++)
            for (int j = 0; j < NX; j++) {
                double w = j > 0 ? u[i][j - 1] : (left == MPI_PROC_NULL ? u[i][j] : west[i]);
                double e = j < NX - 1 ? u[i][j + 1] : (right == MPI_PROC_NULL ? u[i][j] : east[i]);
                v[i][j] = u[i][j] + 0.2 * (w + e + u[i - 1][j] + u[i + 1][j] - 4 * u[i][j]);
            }
        for (int i = 1; i < NY - 1; i++)
            for (int j = 0; j < NX; j++)
                u[i][j] = v[i][j];
    }
    double local = 0, total = 0;
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++)
            local += u[i][j] * (1 + (i + j) % 3);
    MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("heat %d ranks %dx%d: %.12e\n", size, NY, NX * size, total);
    if (rank == 0)
        fprintf(stderr, "exchange+update %.3f s\n", MPI_Wtime() - t0);
    MPI_Finalize();
    return 0;
}
