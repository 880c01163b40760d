/* each step rank 0 gathers the whole field and broadcasts it back: each rank prints its
   update time, its time in the gather and broadcast together, and the MB it moved */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 1000000;
    int steps = argc > 2 ? atoi(argv[2]) : 30;
    double *loc = malloc(n * sizeof *loc), *all = malloc((size_t)n * size * sizeof *all);
    for (int i = 0; i < n; i++) loc[i] = rank + 1e-6 * i;
    double tu = 0, tc = 0;
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime();
        for (int i = 0; i < n; i++) loc[i] = 0.999 * loc[i] + 1e-7 * all[i];
        double t1 = MPI_Wtime();
        MPI_Gather(loc, n, MPI_DOUBLE, all, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        MPI_Bcast(all, n * size, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        tc += MPI_Wtime() - t1;
        tu += t1 - t0;
    }
    printf("rank %d: update %8.3f s  gather+bcast %8.3f s  moved %8.1f MB\n", rank, tu, tc,
           steps * 8e-6 * n * (1 + size));
    free(loc); free(all);
    MPI_Finalize();
    return 0;
}
