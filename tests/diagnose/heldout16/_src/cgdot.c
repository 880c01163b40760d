/* MPI conjugate-gradient-style iteration on a 1-D Laplacian (strong scaling: fixed global size):
   per iteration a local matrix-vector product, two dot products each completed by MPI_Allreduce,
   and one-value halo exchanges. Rank 0 prints ranks, iterations, seconds.  ./cgdot N ITERS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
    int ng = argc > 1 ? atoi(argv[1]) : 40000, iters = argc > 2 ? atoi(argv[2]) : 3000, n = ng / size;
    double *p = calloc(n + 2, sizeof *p), *q = malloc(n * sizeof *q), *r = malloc(n * sizeof *r), *x = calloc(n, sizeof *x);
    for (int i = 0; i < n; i++) { r[i] = 1.0; p[i + 1] = 1.0; }
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    double rr = n, t0 = MPI_Wtime();
    MPI_Allreduce(MPI_IN_PLACE, &rr, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (int it = 0; it < iters; it++) {
        MPI_Sendrecv(&p[1], 1, MPI_DOUBLE, left, 0, &p[n + 1], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&p[n], 1, MPI_DOUBLE, right, 1, &p[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double pq = 0;
        for (int i = 0; i < n; i++) { q[i] = 2 * p[i + 1] - p[i] - p[i + 2]; pq += p[i + 1] * q[i]; }
        MPI_Allreduce(MPI_IN_PLACE, &pq, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        double a = rr / pq, rn = 0;
        for (int i = 0; i < n; i++) { x[i] += a * p[i + 1]; r[i] -= a * q[i]; rn += r[i] * r[i]; }
        MPI_Allreduce(MPI_IN_PLACE, &rn, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        double b = rn / rr; rr = rn;
        for (int i = 0; i < n; i++) p[i + 1] = r[i] + b * p[i + 1];
    }
    double sec = MPI_Wtime() - t0;
    if (rank == 0) printf("cgdot: ranks=%d n=%d iters=%d allreduces=%d seconds=%.3f us/iter=%.1f residual=%.3e\n", size, ng, iters, 2 * iters + 1, sec, 1e6 * sec / iters, rr);
    MPI_Finalize();
    return 0;
}
