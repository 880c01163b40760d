/* A distributed 2-D field filtered along rows, then transposed between the ranks with
 * MPI_Alltoall every step (a pencil decomposition's transpose). Each rank prints its
 * filter and transpose seconds and the megabytes it sent. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 1024, steps = argc > 2 ? atoi(argv[2]) : 10;
    int local = n / size;
    double *f = malloc(sizeof *f * (size_t)local * n), *g = malloc(sizeof *g * (size_t)local * n);
    for (long k = 0; k < (long)local * n; k++) f[k] = (double)((k + rank) % 97) / 97.0;
    double tf = 0.0, tt = 0.0, sent = 0.0;
    for (int s = 0; s < steps; s++) {
        double a = MPI_Wtime();
        for (int i = 0; i < local; i++)
            for (int j = 1; j < n - 1; j++)
                g[(long)i * n + j] = 0.25 * f[(long)i * n + j - 1] + 0.5 * f[(long)i * n + j] +
                                     0.25 * f[(long)i * n + j + 1];
        double b = MPI_Wtime();
        MPI_Alltoall(g, local * n / size, MPI_DOUBLE, f, local * n / size, MPI_DOUBLE,
                     MPI_COMM_WORLD);
        double c = MPI_Wtime();
        tf += b - a;
        tt += c - b;
        sent += 8.0 * local * n;
    }
    printf("rank %2d filter_s= %7.3f transpose_s= %7.3f MB_sent= %8.1f\n", rank, tf, tt,
           sent / 1e6);
    MPI_Finalize();
    return 0;
}
