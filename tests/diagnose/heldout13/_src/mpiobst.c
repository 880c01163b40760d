/* Heat conduction around an embedded body: cells inside the body need an inner Newton solve for a
   nonlinear conductivity (30 iterations), cells outside are explicit.  The domain [0,1) is cut
   into equal slabs per rank, and the body lies in the last rank's slab.  Each step ends with an
   MPI_Allreduce of the energy.  Prints a per-rank timing table.  usage: mpirun -np P mpiobst N NSTEP */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long n = argc > 1 ? atol(argv[1]) : 120000;
    int nstep = argc > 2 ? atoi(argv[2]) : 8;
    long m = n / size, lo = rank * m;
    double *t = malloc(m * sizeof *t), tcomp = 0, tred = 0, etot = 0;
    long inside = 0;
    for (long i = 0; i < m; i++) t[i] = 300.0 + 10.0 * sin(1e-3 * (lo + i));
    for (int s = 0; s < nstep; s++) {
        double t0 = MPI_Wtime(), e = 0;
        for (long i = 0; i < m; i++) {
            double x = (double)(lo + i) / n;
            if (x > 0.62 && x < 0.95) {
                double y = t[i];
                for (int it = 0; it < 30; it++) y -= (y - t[i] - 1e-3 * log(y) * sqrt(y)) / (1.0 - 1e-3 * (1 / y + 0.5 / sqrt(y)));
                t[i] = y;
                if (s == 0) inside++;
            } else {
                t[i] += 1e-4 * (310.0 - t[i]);
            }
            e += t[i];
        }
        double t1 = MPI_Wtime();
        MPI_Allreduce(&e, &etot, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        tcomp += t1 - t0;
        tred += MPI_Wtime() - t1;
    }
    double row[3] = {tcomp, tred, (double)inside}, all[3 * 64];
    MPI_Gather(row, 3, MPI_DOUBLE, all, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("mpiobst: %d ranks, %ld cells, %d steps, energy %.6e\n", size, n, nstep, etot);
        printf("rank  cells  body cells  compute(s)  MPI_Allreduce(s)\n");
        for (int r = 0; r < size; r++) printf("%4d %6ld %11.0f %11.3f %17.3f\n", r, m, all[3 * r + 2], all[3 * r], all[3 * r + 1]);
    }
    MPI_Finalize();
    return 0;
}
