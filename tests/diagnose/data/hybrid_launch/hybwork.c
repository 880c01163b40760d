/* Each rank runs an OpenMP team over a fixed amount of arithmetic and prints its time. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double t0 = MPI_Wtime(), s = 0.0;
    #pragma omp parallel for reduction(+:s)
    for (long i = 0; i < 400000000L; i++)
        s += (double)(i % 7) * 1e-9;
    printf("rank=%d threads=%d seconds=%.3f sum=%.6f\n", rank, omp_get_max_threads(),
           MPI_Wtime() - t0, s);
    MPI_Finalize();
    return 0;
}
