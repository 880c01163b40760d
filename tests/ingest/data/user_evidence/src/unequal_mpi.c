/* Two ranks: rank 0 integrates a part f of the points (argv[2], 0.75 by default), the others share the rest, then all meet in
 * an MPI_Allreduce: the light ranks wait in MPI for the heavy one. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long n = argc > 1 ? atol(argv[1]) : 40000000;
    double f = argc > 2 ? atof(argv[2]) : 0.75; /* rank 0's part of the points */
    long mine = rank == 0 ? (long)(n * f) : (long)(n * (1 - f)) / (size > 1 ? size - 1 : 1);
    double t0 = MPI_Wtime(), s = 0.0;
    for (long i = 0; i < mine; i++) s += sin(i * 1e-7) * cos(i * 3e-7);
    double t1 = MPI_Wtime(), tot = 0.0;
    MPI_Allreduce(&s, &tot, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("sum=%.6f\n", tot);
    (void)t0; (void)t1;
    MPI_Finalize();
    return 0;
}
