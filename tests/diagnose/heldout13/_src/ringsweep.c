/* Gauss-Seidel sweeps of a 2-D Poisson problem split into column blocks, one per rank: rank r
   waits (MPI_Recv) for rank r-1's whole updated boundary column before sweeping its block, then
   sends its own last column to rank r+1; every iteration ends with an MPI_Allreduce of the
   residual.  The ranks therefore sweep one after the other.  Prints a per-rank timing table.
   usage: mpirun -np P ringsweep NY NXLOCAL NITER */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int ny = argc > 1 ? atoi(argv[1]) : 1000, nx = argc > 2 ? atoi(argv[2]) : 500;
    int niter = argc > 3 ? atoi(argv[3]) : 40;
    double *u = calloc((size_t)(nx + 2) * ny, sizeof *u);
#define U(i, j) u[(size_t)(i) * ny + (j)]
    double tcomp = 0, trecv = 0, tsend = 0, tred = 0, res = 0;
    for (int it = 0; it < niter; it++) {
        double t0 = MPI_Wtime();
        if (rank > 0) MPI_Recv(&U(0, 0), ny, MPI_DOUBLE, rank - 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double t1 = MPI_Wtime();
        double loc = 0;
        for (int i = 1; i <= nx; i++)
            for (int j = 1; j < ny - 1; j++) {
                double v = 0.25 * (U(i - 1, j) + U(i + 1, j) + U(i, j - 1) + U(i, j + 1) + 1e-4);
                loc += (v - U(i, j)) * (v - U(i, j));
                U(i, j) = v;
            }
        double t2 = MPI_Wtime();
        if (rank < size - 1) MPI_Send(&U(nx, 0), ny, MPI_DOUBLE, rank + 1, 1, MPI_COMM_WORLD);
        double t3 = MPI_Wtime();
        MPI_Allreduce(&loc, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        double t4 = MPI_Wtime();
        trecv += t1 - t0; tcomp += t2 - t1; tsend += t3 - t2; tred += t4 - t3;
    }
    double row[4] = {tcomp, trecv, tsend, tred}, all[64 * 4];
    MPI_Gather(row, 4, MPI_DOUBLE, all, 4, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("ringsweep: %d ranks, block %d x %d, %d iterations, residual %.6e\n", size, nx, ny, niter, res);
        printf("rank   sweep(s)  MPI_Recv(s)  MPI_Send(s)  MPI_Allreduce(s)\n");
        for (int r = 0; r < size; r++)
            printf("%4d %10.3f %12.3f %12.3f %17.3f\n", r, all[4 * r], all[4 * r + 1], all[4 * r + 2], all[4 * r + 3]);
    }
    free(u);
    MPI_Finalize();
    return 0;
}
