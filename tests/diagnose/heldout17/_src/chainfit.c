/* MPI line-implicit solve along a 1-D chain of ranks (a Thomas-style forward elimination and back
   substitution split by blocks): every step, rank r waits for the forward value of rank r-1
   (MPI_Recv), eliminates its own block, sends to rank r+1, then waits for the backward value of rank
   r+1 before substituting back and sending to rank r-1. Both sweeps are recurrences, so only one rank
   works at a time. Equal work per rank. Prints one line per rank: cells, sweep seconds, seconds waiting in MPI.
   mpirun -np P ./chainfit CELLS_PER_RANK STEPS */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int r, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    int steps = argc > 2 ? atoi(argv[2]) : 20;
    double *u = malloc(n * sizeof *u);
    for (long i = 0; i < n; i++) u[i] = 1.0 + 0.001 * (i % 100);
    double tw = 0, tc = 0;
    for (int s = 0; s < steps; s++) {
        double left = 1.0, t0 = MPI_Wtime();
        if (r > 0) MPI_Recv(&left, 1, MPI_DOUBLE, r - 1, s, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double t1 = MPI_Wtime();
        for (long i = 0; i < n; i++) { left = 0.5 * (u[i] + left) / (1.0 + 1e-3 * left); u[i] = left; }
        double t2 = MPI_Wtime();
        if (r < p - 1) MPI_Send(&left, 1, MPI_DOUBLE, r + 1, s, MPI_COMM_WORLD);
        double right = left;
        if (r < p - 1) MPI_Recv(&right, 1, MPI_DOUBLE, r + 1, s, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double t3 = MPI_Wtime();
        for (long i = n - 1; i >= 0; i--) { right = 0.5 * (u[i] + right) / (1.0 + 1e-3 * right); u[i] = right; }
        double t4 = MPI_Wtime();
        if (r > 0) MPI_Send(&right, 1, MPI_DOUBLE, r - 1, s, MPI_COMM_WORLD);
        double t5 = MPI_Wtime();
        tw += (t1 - t0) + (t3 - t2) + (t5 - t4); tc += (t2 - t1) + (t4 - t3);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    for (int q = 0; q < p; q++) {
        if (q == r) { printf("rank %d: cells %ld steps %d sweep %.3f s  mpi_wait %.3f s  u[n-1]=%.6f\n", r, n, steps, tc, tw, u[n - 1]); fflush(stdout); }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
