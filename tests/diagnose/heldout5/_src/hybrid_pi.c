/* MPI x OpenMP midpoint-rule integration; rank 0 prints the wall time. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int prov, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &prov);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long n = argc > 1 ? atol(argv[1]) : 400000000;
    double h = 1.0 / n, loc = 0, t0 = MPI_Wtime();
#pragma omp parallel for reduction(+:loc) schedule(static)
    for (long i = rank; i < n; i += size) {
        double x = h * (i + 0.5);
        loc += 4.0 / (1.0 + x * x);
    }
    double pi;
    MPI_Reduce(&loc, &pi, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("ranks=%d threads_per_rank=%d n=%ld wall=%.3f s pi=%.10f\n", size, omp_get_max_threads(), n, MPI_Wtime() - t0, pi * h);
    MPI_Finalize();
    return 0;
}
