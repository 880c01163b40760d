/* Rank r computes (r + 1) units of work, then all meet in a barrier; each rank prints
 * "rank N: compute X s, wait Y s" (a prose-style per-rank report). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    double t0 = MPI_Wtime(), acc = 0;
    for (long i = 0; i < 20000000L * (r + 1); i++) acc += (double)(i % 5) * 0.5;
    double t1 = MPI_Wtime();
    MPI_Barrier(MPI_COMM_WORLD);
    double t2 = MPI_Wtime();
    printf("rank %d: compute %.3f s, wait %.3f s\n", r, t1 - t0, t2 - t1);
    MPI_Finalize();
    return acc < 0;
}
