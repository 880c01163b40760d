/* 1-D domain split in equal halves; the iterations per cell grow with the cell's position (stiffer at the far end). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long cells = argc > 1 ? atol(argv[1]) : 4000, steps = argc > 2 ? atol(argv[2]) : 20;
    long lo = rank * cells / size, hi = (rank + 1) * cells / size;
    double comp = 0, wait = 0, u = 0, t0 = MPI_Wtime();
    for (long s = 0; s < steps; s++) {
        double a = MPI_Wtime();
        for (long c = lo; c < hi; c++) {
            long iters = 1 + 400 * c / cells;
            double v = 1.0 + 1e-3 * c;
            for (long k = 0; k < iters * 20; k++) v = 0.5 * (v + 2.0 / v);
            u += v;
        }
        comp += MPI_Wtime() - a;
        a = MPI_Wtime();
        double g;
        MPI_Allreduce(&u, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        wait += MPI_Wtime() - a;
    }
    printf("rank %d: cells %ld-%ld compute=%.3f s mpi_allreduce=%.3f s total=%.3f s\n", rank, lo, hi, comp, wait, MPI_Wtime() - t0);
    MPI_Finalize();
    return 0;
}
