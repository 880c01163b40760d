/* two ranks swap a whole large field every step and compute a little on it: each rank prints
   its compute time, its MPI_Sendrecv time and the bytes it sent */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long n = argc > 1 ? atol(argv[1]) : 4000000;
    int steps = argc > 2 ? atoi(argv[2]) : 20;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    for (long i = 0; i < n; i++) a[i] = rank + i * 1e-9;
    int peer = (rank + 1) % size;
    double tc = 0, tm = 0, s = 0;
    for (int t = 0; t < steps; t++) {
        double t0 = MPI_Wtime();
        MPI_Sendrecv(a, (int)n, MPI_DOUBLE, peer, 0, b, (int)n, MPI_DOUBLE, peer, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double t1 = MPI_Wtime();
        for (long i = 0; i < n; i += 4) a[i] = 0.5 * (a[i] + b[i]);
        tm += t1 - t0;
        tc += MPI_Wtime() - t1;
    }
    for (long i = 0; i < n; i += 1000) s += a[i];
    printf("rank %d: compute_s %.3f sendrecv_s %.3f bytes_sent %ld check %.6e\n", rank, tc, tm,
           (long)steps * n * (long)sizeof(double), s);
    free(a); free(b);
    MPI_Finalize();
    return 0;
}
