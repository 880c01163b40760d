/* Two ranks exchange a boundary of H doubles every step, one MPI message per value. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int h = argc > 1 ? atoi(argv[1]) : 4000;
    int steps = argc > 2 ? atoi(argv[2]) : 100;
    int n = 200000;
    double *u = malloc((n + h) * sizeof *u), *ghost = malloc(h * sizeof *ghost);
    for (int i = 0; i < n + h; i++) u[i] = rank + i * 1e-6;
    int peer = (rank + 1) % size;
    double comm = 0, comp = 0;
    long msgs = 0;
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime();
#ifdef AGG
        MPI_Sendrecv(u, h, MPI_DOUBLE, peer, 0, ghost, h, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        msgs++;
#else
        for (int k = 0; k < h; k++) {
            MPI_Sendrecv(&u[k], 1, MPI_DOUBLE, peer, k, &ghost[k], 1, MPI_DOUBLE, peer, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            msgs++;
        }
#endif
        double t1 = MPI_Wtime();
        for (int i = 0; i < n; i++) u[i] = 0.5 * (u[i] + u[i + 1]) + 1e-9 * ghost[i % h];
        comp += MPI_Wtime() - t1;
        comm += t1 - t0;
    }
    printf("rank=%d messages=%ld bytes_per_message=%d comm=%.3f s compute=%.3f s\n", rank, msgs,
#ifdef AGG
           h * 8,
#else
           8,
#endif
           comm, comp);
    MPI_Finalize();
    return 0;
}
