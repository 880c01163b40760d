/* Explicit diffusion of a 1-D field of N cells split evenly over the ranks.  Each step every rank
   updates its block, rank 0 collects the whole field (MPI_Gather), applies the boundary values
   and computes the global maximum, and broadcasts the whole field back (MPI_Bcast); the ranks
   only ever need one neighbour cell on each side and the maximum.  Prints a per-rank timing table.
   usage: mpirun -np P gatherfield N NSTEP */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long n = argc > 1 ? atol(argv[1]) : 4000000;
    int nstep = argc > 2 ? atoi(argv[2]) : 30;
    long m = n / size, lo = rank * m;
    double *u = malloc(n * sizeof *u), *mine = malloc(m * sizeof *mine), umax = 0;
    for (long i = 0; i < n; i++) u[i] = (i > n / 3 && i < n / 2) ? 1.0 : 0.0;
    double tcomp = 0, tgat = 0, tbc = 0;
    for (int s = 0; s < nstep; s++) {
        double t0 = MPI_Wtime();
        for (long i = 0; i < m; i++) {
            long g = lo + i;
            double l = g > 0 ? u[g - 1] : u[g], r = g < n - 1 ? u[g + 1] : u[g];
            mine[i] = u[g] + 0.2 * (l - 2 * u[g] + r);
        }
        double t1 = MPI_Wtime();
        MPI_Gather(mine, (int)m, MPI_DOUBLE, u, (int)m, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            u[0] = 0.0; u[n - 1] = 0.0; umax = 0;
            for (long i = 0; i < n; i++) if (u[i] > umax) umax = u[i];
        }
        double t2 = MPI_Wtime();
        MPI_Bcast(u, (int)n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        MPI_Bcast(&umax, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        double t3 = MPI_Wtime();
        tcomp += t1 - t0; tgat += t2 - t1; tbc += t3 - t2;
    }
    double row[3] = {tcomp, tgat, tbc}, all[3 * 64];
    MPI_Gather(row, 3, MPI_DOUBLE, all, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("gatherfield: %d ranks, %ld cells, %d steps, max %.6f\n", size, n, nstep, umax);
        printf("rank  update(s)  MPI_Gather+max(s)  MPI_Bcast(s)\n");
        for (int r = 0; r < size; r++) printf("%4d %10.3f %18.3f %13.3f\n", r, all[3 * r], all[3 * r + 1], all[3 * r + 2]);
    }
    MPI_Finalize();
    return 0;
}
