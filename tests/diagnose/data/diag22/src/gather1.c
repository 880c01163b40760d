/* Results collected with one MPI_Gather of one double per element (gather1.c style). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long n = argc > 1 ? atol(argv[1]) : 200000;
    int batch = argc > 2 && atoi(argv[2]);
    double *mine = malloc(n * sizeof *mine), *all = malloc(n * size * sizeof *all);
    for (long i = 0; i < n; i++) mine[i] = (double)(rank + 1) / (double)(i + 1);
    long calls = 0;
    double t0 = MPI_Wtime(), c0 = cpu_now(), tm = 0.0;
    if (batch) {
        double a = MPI_Wtime();
        MPI_Gather(mine, (int)n, MPI_DOUBLE, all, (int)n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        tm += MPI_Wtime() - a; calls++;
    } else {
        for (long i = 0; i < n; i++) {
            double a = MPI_Wtime();
            MPI_Gather(&mine[i], 1, MPI_DOUBLE, &all[i * size], 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
            tm += MPI_Wtime() - a; calls++;
        }
    }
    double wall = MPI_Wtime() - t0, cpu = cpu_now() - c0;
    printf("rank %d: MPI_Gather calls %ld, bytes per call %ld, gather time %.3f s, wall %.3f s, cpu %.3f s\n",
           rank, calls, (long)(batch ? n * sizeof(double) : sizeof(double)), tm, wall, cpu);
    free(mine); free(all);
    MPI_Finalize();
    return 0;
}
