/* One-sided halo read, one MPI_Get and one MPI_Win_fence per value: latency-bound. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 5000, steps = argc > 2 ? atoi(argv[2]) : 10;
    double *mine = malloc(n * sizeof *mine), *ghost = malloc(n * sizeof *ghost);
    for (int i = 0; i < n; i++) mine[i] = rank + i * 1e-3;
    MPI_Win win;
    MPI_Win_create(mine, n * sizeof *mine, sizeof *mine, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int peer = (rank + 1) % size;
    long gets = 0;
    double halo = 0, work = 0, t0 = MPI_Wtime();
    for (int s = 0; s < steps; s++) {
        double a = MPI_Wtime();
        for (int i = 0; i < n; i++) {
            MPI_Win_fence(0, win);
            MPI_Get(&ghost[i], 1, MPI_DOUBLE, peer, i, 1, MPI_DOUBLE, win);
            MPI_Win_fence(0, win);
            gets++;
        }
        double b = MPI_Wtime();
        for (int i = 1; i < n - 1; i++) mine[i] = 0.5 * mine[i] + 0.25 * (ghost[i - 1] + ghost[i + 1]);
        work += MPI_Wtime() - b;
        halo += b - a;
    }
    double total = MPI_Wtime() - t0;
    printf("rank %d: values=%d steps=%d work=%.4f s halo=%.4f s total=%.4f s gets=%ld sum=%.3f\n",
           rank, n, steps, work, halo, total, gets, mine[n / 2]);
    MPI_Win_free(&win);
    free(mine); free(ghost);
    MPI_Finalize();
    return 0;
}
