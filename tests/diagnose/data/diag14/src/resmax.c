/* max residual by an element-wise MPI_Allreduce of the whole array (MPI_MAX per element) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int n = argc > 1 ? atoi(argv[1]) : 2097152, iters = argc > 2 ? atoi(argv[2]) : 20;
    double *r = malloc(n * sizeof *r), *g = malloc(n * sizeof *g);
    double t_red = 0, t0 = MPI_Wtime(), gmax = 0;
    for (int it = 0; it < iters; it++) {
        for (int i = 0; i < n; i++) r[i] = (double)((i * 31 + it + rank) % 1000) / (it + 1);
        double t = MPI_Wtime();
        MPI_Allreduce(r, g, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        t_red += MPI_Wtime() - t;
        gmax = 0;
        for (int i = 0; i < n; i++) if (g[i] > gmax) gmax = g[i];
    }
    double total = MPI_Wtime() - t0;
    if (rank == 0)
        printf("residual=%.3f\nallreduce_calls=%d\nallreduce_count=%d\nallreduce_bytes=%zu\n"
               "allreduce_time=%.3f s\ntime=%.3f s\n", gmax, iters, n, n * sizeof(double),
               t_red, total);
    MPI_Finalize();
    return 0;
}
