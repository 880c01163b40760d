/* Heat conduction along a pipe split over MPI ranks (equal cells). Each step a rank first receives
   its left neighbour's boundary temperature (blocking MPI_Recv), then updates all its cells, then
   sends its own right boundary on; the last rank's boundary goes back to rank 0 for the next step
   (periodic pipe). usage: heatpipe CELLS STEPS ; per-rank lines */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 400000, steps = argc > 2 ? atoi(argv[2]) : 40;
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    double *T = malloc((n + 2) * sizeof *T), tc = 0, tw = 0, ghost = 300.0;
    for (int i = 0; i < n + 2; i++) T[i] = 300.0 + (rank == 0 && i < 10 ? 50.0 : 0.0);
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime();
        if (!(rank == 0 && s == 0))
            MPI_Recv(&ghost, 1, MPI_DOUBLE, left, s, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double t1 = MPI_Wtime();
        T[0] = ghost;
        for (int i = 1; i <= n; i++)
            for (int it = 0; it < 4; it++) T[i] = T[i] + 0.2 * (T[i - 1] - T[i]) + 1e-4 * sqrt(T[i]);
        double t2 = MPI_Wtime();
        int tag = (rank == size - 1) ? s + 1 : s;
        if (!(rank == size - 1 && s == steps - 1))
            MPI_Send(&T[n], 1, MPI_DOUBLE, right, tag, MPI_COMM_WORLD);
        tw += (t1 - t0) + (MPI_Wtime() - t2); tc += t2 - t1;
    }
    printf("rank %d: cells %d  messages sent %d x 8 B  compute %.3f s  MPI wait %.3f s\n", rank, n, steps, tc, tw);
    MPI_Finalize();
    return 0;
}
