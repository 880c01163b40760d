/* MPI 1-D explicit diffusion where every step each rank gathers the WHOLE global field with
   MPI_Allgather (its update needs only one neighbour value on each side).
   ./allgat CELLS_PER_RANK STEPS   per-rank lines: compute s, allgather s, bytes received */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 1000000, steps = argc > 2 ? atoi(argv[2]) : 40;
    double *g = malloc((size_t)n * size * sizeof *g), *u = malloc((size_t)(n + 2) * sizeof *u), *v = malloc((size_t)n * sizeof *v);
    for (int i = 0; i < n; i++) v[i] = (rank * n + i) % 17;
    double tc = 0, tg = 0, bytes = 0;
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime();
        MPI_Allgather(v, n, MPI_DOUBLE, g, n, MPI_DOUBLE, MPI_COMM_WORLD);
        double t1 = MPI_Wtime();
        bytes += 8.0 * n * (size - 1);
        long o = (long)rank * n;
        u[0] = o > 0 ? g[o - 1] : g[o]; u[n + 1] = o + n < (long)n * size ? g[o + n] : g[o + n - 1];
        for (int i = 0; i < n; i++) u[i + 1] = v[i];
        for (int i = 0; i < n; i++) v[i] = u[i + 1] + 0.2 * (u[i] - 2 * u[i + 1] + u[i + 2]);
        tc += MPI_Wtime() - t1; tg += t1 - t0;
    }
    double cs = 0; for (int i = 0; i < n; i++) cs += v[i];
    printf("rank %d: cells %d steps %d compute %.3f s allgather %.3f s received %.0f MB checksum %.6e\n", rank, n, steps, tc, tg, bytes / 1e6, cs);
    MPI_Finalize();
    return 0;
}
