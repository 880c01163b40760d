/* Two MPI ranks update their halves; rank 0 alone computes a diagnostic of the gathered field
   every step, so rank 1 waits in the next collective. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#define N 400000
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 40;
    double *u = malloc(sizeof(double) * N), *all = malloc(sizeof(double) * N * size);
    for (int i = 0; i < N; i++) u[i] = rank + i * 1e-6;
    double diag = 0, t0 = MPI_Wtime();
    for (int s = 0; s < steps; s++) {
        for (int i = 0; i < N; i++) u[i] = 0.5 * u[i] + 0.25 * sin(u[i]);
        MPI_Gather(u, N, MPI_DOUBLE, all, N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        if (rank == 0)
            for (int i = 0; i < N * size; i++) diag += exp(-all[i] * all[i]) * cos(all[i]);
        MPI_Bcast(&diag, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    printf("rank %d elapsed %.3f s diag %.6e\n", rank, MPI_Wtime() - t0, diag);
    free(u); free(all);
    MPI_Finalize();
    return 0;
}
