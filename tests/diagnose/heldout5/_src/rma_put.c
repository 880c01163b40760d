/* Each rank pushes its boundary strip to the neighbour with one-sided MPI_Put, one value per epoch. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int strip = argc > 1 ? atoi(argv[1]) : 2000, steps = argc > 2 ? atoi(argv[2]) : 10;
    long cells = argc > 3 ? atol(argv[3]) : 400000;
    double *ghost, *edge = malloc(strip * sizeof *edge), *u = calloc(cells + 1, sizeof *u);
    MPI_Win win;
    MPI_Win_allocate(strip * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &ghost, &win);
    int peer = (rank + 1) % size;
    double tcomm = 0, tcomp = 0, acc = 0, t0 = MPI_Wtime();
    for (int s = 0; s < steps; s++) {
        double a = MPI_Wtime();
        for (int i = 0; i < strip; i++) edge[i] = rank + s + 1e-3 * i;
        for (long i = 0; i < cells; i++) u[i] = 0.5 * (u[i] + u[i + 1]) + 1e-9 * i;
        acc += u[cells / 2];
        tcomp += MPI_Wtime() - a;
        a = MPI_Wtime();
        for (int i = 0; i < strip; i++) {
            MPI_Win_fence(0, win);
            MPI_Put(&edge[i], 1, MPI_DOUBLE, peer, i, 1, MPI_DOUBLE, win);
        }
        MPI_Win_fence(0, win);
        tcomm += MPI_Wtime() - a;
        acc += ghost[strip - 1];
    }
    printf("rank %d: strip=%d steps=%d compute=%.4f s halo_put=%.4f s total=%.4f s puts=%d check=%.3f\n", rank, strip, steps,
           tcomp, tcomm, MPI_Wtime() - t0, strip * steps, acc);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
