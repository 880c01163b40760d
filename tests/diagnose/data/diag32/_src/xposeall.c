/* a distributed transpose every step: each rank updates its slab, then MPI_Alltoall moves
   the whole slab; every rank updates its slab "base" times per step, rank 0 "skew" times as
   many */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 2048;
    int steps = argc > 2 ? atoi(argv[2]) : 20;
    int skew = argc > 3 ? atoi(argv[3]) : 1;
    int base = argc > 4 ? atoi(argv[4]) : 1;
    long slab = (long)n * n / size;
    double *a = malloc(slab * sizeof *a), *b = malloc(slab * sizeof *b);
    for (long i = 0; i < slab; i++) a[i] = rank + i * 1e-9;
    double tu = 0, tx = 0;
    int reps = (rank == 0 ? skew : 1) * base;
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime();
        for (int r = 0; r < reps; r++)
            for (long i = 0; i < slab; i++) a[i] = 0.999 * a[i] + 1e-6 * b[i];
        double t1 = MPI_Wtime();
        MPI_Alltoall(a, (int)(slab / size), MPI_DOUBLE, b, (int)(slab / size), MPI_DOUBLE,
                     MPI_COMM_WORLD);
        tx += MPI_Wtime() - t1;
        tu += t1 - t0;
    }
    printf("rank %d: slab %.1f MB update %.3f s alltoall %.3f s sent %.0f MB b0=%.6f\n", rank,
           slab * 8e-6, tu, tx, steps * slab * 8e-6, b[0]);
    free(a); free(b);
    MPI_Finalize();
    return 0;
}
