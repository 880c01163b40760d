/* Rank 0 computes until killed; rank 1 waits in MPI_Recv for a message that never comes.
 * Rank 1 prints its pid ("ready PID") just before it blocks. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
    int rank;
    volatile double sink = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (long i = 1;; ++i) sink += sqrt((double)i);
    } else {
        double x;
        printf("ready %d\n", (int)getpid());
        fflush(stdout);
        MPI_Recv(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
