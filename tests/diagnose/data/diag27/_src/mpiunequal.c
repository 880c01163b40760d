/* two ranks; rank 0 computes three times the work of rank 1, then both meet in MPI_Allreduce */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double work(long n) { double t = 0; for (long i = 1; i <= n; ++i) t += 1.0 / ((double)i * i + 1.0); return t; }
int main(int argc, char **argv) {
    int rank, size; long base = argc > 1 ? atol(argv[1]) : 40000000L;
    MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
    double busy = 0, wait = 0, sum = 0, tot;
    for (int it = 0; it < 10; ++it) {
        double t0 = MPI_Wtime();
        sum += work(rank == 0 ? 3 * base / 10 : base / 10);
        double t1 = MPI_Wtime();
        MPI_Allreduce(&sum, &tot, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        double t2 = MPI_Wtime();
        busy += t1 - t0; wait += t2 - t1;
    }
    double cpu = (double)clock() / CLOCKS_PER_SEC;
    printf("rank %d compute_time=%.3f s mpi_time=%.3f s cpu_time=%.3f s\n", rank, busy, wait, cpu);
    MPI_Finalize(); return 0;
}
