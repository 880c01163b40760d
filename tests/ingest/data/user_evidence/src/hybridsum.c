/* MPI ranks with OpenMP threads each summing a series; prints its rank and thread counts. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long n = argc > 1 ? atol(argv[1]) : 200000000L;
    double t0 = MPI_Wtime(), s = 0;
#pragma omp parallel for reduction(+ : s)
    for (long i = rank; i < n; i += size) s += 1.0 / (1.0 + (double)i * i);
    double all = 0;
    MPI_Reduce(&s, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("ranks=%d threads_per_rank=%d wall=%.3f s sum=%.8f\n", size,
               omp_get_max_threads(), MPI_Wtime() - t0, all);
    MPI_Finalize();
    return 0;
}
