/* Jacobi smoothing of an NY x NX grid (row-major) split into column blocks; the halo columns are
   exchanged one double at a time (one MPI_Sendrecv per boundary cell, since a column is not
   contiguous in memory).  Prints a per-rank timing table.  usage: mpirun -np P halocol NY NXLOCAL NSTEP */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int ny = argc > 1 ? atoi(argv[1]) : 2000, nx = argc > 2 ? atoi(argv[2]) : 100;
    int nstep = argc > 3 ? atoi(argv[3]) : 100;
    int w = nx + 2, left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    double *a = calloc((size_t)ny * w, sizeof *a), *b = calloc((size_t)ny * w, sizeof *b);
    for (int j = 0; j < ny; j++) a[(size_t)j * w + 1] = rank == 0 ? 1.0 : 0.0;
    double tex = 0, tcomp = 0;
    long nmsg = 0;
    for (int s = 0; s < nstep; s++) {
        double t0 = MPI_Wtime();
        for (int j = 0; j < ny; j++) {
            MPI_Sendrecv(&a[(size_t)j * w + nx], 1, MPI_DOUBLE, right, j, &a[(size_t)j * w], 1, MPI_DOUBLE, left, j,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Sendrecv(&a[(size_t)j * w + 1], 1, MPI_DOUBLE, left, j, &a[(size_t)j * w + nx + 1], 1, MPI_DOUBLE, right,
                         j, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            nmsg += (right != MPI_PROC_NULL) + (left != MPI_PROC_NULL);
        }
        double t1 = MPI_Wtime();
        for (int j = 1; j < ny - 1; j++)
            for (int i = 1; i <= nx; i++)
                b[(size_t)j * w + i] = 0.25 * (a[(size_t)(j - 1) * w + i] + a[(size_t)(j + 1) * w + i] +
                                               a[(size_t)j * w + i - 1] + a[(size_t)j * w + i + 1]);
        double *t = a; a = b; b = t;
        tcomp += MPI_Wtime() - t1;
        tex += t1 - t0;
    }
    double row[3] = {tcomp, tex, (double)nmsg}, all[3 * 64];
    MPI_Gather(row, 3, MPI_DOUBLE, all, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("halocol: %d ranks, %d x %d cells per rank, %d steps\n", size, ny, nx, nstep);
        printf("rank  compute(s)  halo exchange(s)  messages sent\n");
        for (int r = 0; r < size; r++) printf("%4d %11.3f %17.3f %14.0f\n", r, all[3 * r], all[3 * r + 1], all[3 * r + 2]);
    }
    MPI_Finalize();
    return 0;
}
