/* Two ranks, equal work per step, then an Allreduce; each rank prints compute wall, compute CPU and wait times. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 40;
    long cells = argc > 2 ? atol(argv[2]) : 2000000;
    double comp = 0, ccpu = 0, wait = 0, x = 1.0 + rank;
    double t0 = MPI_Wtime();
    for (int s = 0; s < steps; s++) {
        double a = MPI_Wtime(), c = cpu();
        for (long i = 0; i < cells; i++) x = x * 0.999999 + 1e-7 * (i & 7);
        comp += MPI_Wtime() - a; ccpu += cpu() - c;
        a = MPI_Wtime();
        double g;
        MPI_Allreduce(&x, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        wait += MPI_Wtime() - a;
    }
    double total = MPI_Wtime() - t0;
    printf("rank %d of %d: cells=%ld steps=%d compute=%.3f s compute_cpu=%.3f s mpi_wait=%.3f s total=%.3f s x=%.4f\n",
           rank, size, cells, steps, comp, ccpu, wait, total, x);
    MPI_Finalize();
    return 0;
}
