/* MPI + OpenMP: each rank runs many short parallel loops (a barrier each) over its own block. */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    int steps = argc > 2 ? atoi(argv[2]) : 3000;
    double *u = malloc(n * sizeof *u);
    for (int i = 0; i < n; i++) u[i] = rank + i * 1e-4;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int s = 0; s < steps; s++) {
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++) u[i] = 0.999 * u[i] + 1e-3 * sin(u[i]);
    }
    double tc = MPI_Wtime() - t0;
    MPI_Barrier(MPI_COMM_WORLD);
    double tt = MPI_Wtime() - t0;
    double loc = u[n / 2], glob;
    MPI_Reduce(&loc, &glob, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    printf("rank=%d threads=%d compute=%.3f s total=%.3f s\n", rank, omp_get_max_threads(), tc, tt);
    if (rank == 0) printf("ranks=%d result=%.6f\n", size, glob);
    MPI_Finalize();
    return 0;
}
