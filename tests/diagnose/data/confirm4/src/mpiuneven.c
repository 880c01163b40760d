/* ranks get unequal work (rank r does r+1 units) then meet in an allreduce; each prints its compute time */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r, p; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &p);
    double s = 0, tc = 0, tw = 0;
    for (int step = 0; step < 20; step++) {
        double t0 = MPI_Wtime();
        for (long i = 0; i < (long)(r + 1) * 1500000L; i++) s += sin(i * 1e-6);
        double t1 = MPI_Wtime();
        double g; MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        double t2 = MPI_Wtime();
        tc += t1 - t0; tw += t2 - t1;
    }
    printf("rank %d compute_time=%.3f s mpi_time=%.3f s\n", r, tc, tw);
    MPI_Finalize();
    return 0;
}
