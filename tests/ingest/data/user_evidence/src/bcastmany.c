/* Broadcasts one small row at a time and prints its own message count, size and MPI time. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    double row[64] = {0};
    const int n = 20000;
    double t0 = MPI_Wtime(), comm = 0.0, sum = 0.0;
    for (int i = 0; i < n; i++) {
        if (r == 0) row[i % 64] = i;
        double c0 = MPI_Wtime();
        MPI_Bcast(row, 64, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        comm += MPI_Wtime() - c0;
        sum += row[i % 64];
    }
    printf("rank=%d broadcasts=%d bytes_per_msg=%zu comm=%.3f s total=%.3f s check=%.4g\n", r, n,
           sizeof row, comm, MPI_Wtime() - t0, sum);
    MPI_Finalize();
    return 0;
}
