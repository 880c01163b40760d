#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "heat1d.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long n = argc > 1 ? atol(argv[1]) : 4000000;
    int steps = argc > 2 ? atoi(argv[2]) : 50;
    int nloc = (int)(n / size);
    double *u = calloc(nloc + 2, sizeof(double)), *v = calloc(nloc + 2, sizeof(double));
    for (int i = 1; i <= nloc; i++) u[i] = ((rank * (long)nloc + i) % 100) / 100.0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int s = 0; s < steps; s++) {
        halo(u, nloc, rank, size);
        update(u, v, nloc, 0.2);
        double *t = u; u = v; v = t;
    }
    double t = MPI_Wtime() - t0, tmax, local = 0, total;
    for (int i = 1; i <= nloc; i++) local += u[i];
    MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("[heat1d] ranks=%d cells=%ld steps=%d  wall=%.4fs  total heat=%.10e\n", size, n,
               steps, tmax, total);
    MPI_Finalize();
    return 0;
}
