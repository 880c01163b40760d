/* MPI pencil transpose of a 2-D spectral solver: every step each rank does a cheap pointwise update
   of its slab and then MPI_Alltoall's the whole slab (the global transpose), equal work and equal
   volume per rank. Prints one line per rank: slab MB, update seconds, alltoall seconds, MB sent.
   mpirun -np P ./pencil N STEPS   (global N x N doubles) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int r, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    long n = argc > 1 ? atol(argv[1]) : 2048;
    int steps = argc > 2 ? atoi(argv[2]) : 20;
    long loc = n * n / p;
    double *a = malloc(loc * sizeof *a), *b = malloc(loc * sizeof *b);
    for (long i = 0; i < loc; i++) a[i] = 0.001 * ((i + r) % 997);
    double tu = 0, tx = 0, mb = 0;
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime();
        for (long i = 0; i < loc; i++) a[i] = 0.999 * a[i] + 1e-4;
        double t1 = MPI_Wtime();
        MPI_Alltoall(a, (int)(loc / p), MPI_DOUBLE, b, (int)(loc / p), MPI_DOUBLE, MPI_COMM_WORLD);
        double t2 = MPI_Wtime();
        double *t = a; a = b; b = t;
        tu += t1 - t0; tx += t2 - t1; mb += 8.0 * loc / 1e6;
    }
    for (int k = 0; k < p; k++) {
        if (k == r) { printf("rank %d: slab %.1f MB update %.3f s alltoall %.3f s sent %.0f MB a0=%.6f\n", r, 8.0 * loc / 1e6, tu, tx, mb, a[0]); fflush(stdout); }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
