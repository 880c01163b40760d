/* MPI implicit-in-the-wall-law update on a channel split into equal row blocks: cells in the near-wall
   boundary layer (the last 20% of the rows, all on the last rank when run on 2) solve their wall
   function with Newton iterations (30 instead of 2); an MPI_Allreduce of the residual ends each step.
   ./bndlayer ROWS COLS STEPS   per-rank lines: rows, Newton iterations, compute s, allreduce s */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
    int rows = argc > 1 ? atoi(argv[1]) : 400, cols = argc > 2 ? atoi(argv[2]) : 400, steps = argc > 3 ? atoi(argv[3]) : 20;
    int r0 = rank * rows / size, r1 = (rank + 1) * rows / size, wall = rows - rows / 5;
    double *u = malloc((size_t)(r1 - r0) * cols * sizeof *u);
    for (long q = 0; q < (long)(r1 - r0) * cols; q++) u[q] = 1.0 + 1e-3 * (q % 11);
    long newton = 0; double tc = 0, tw = 0;
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime(), res = 0;
        for (int r = r0; r < r1; r++) {
            int it = r >= wall ? 30 : 2;
            for (int c = 0; c < cols; c++) {
                double *x = &u[(long)(r - r0) * cols + c], y = *x;
                for (int k = 0; k < it; k++) y -= (y * log(1.0 + 9.0 * y) - 0.8 * y - 0.4) / (log(1.0 + 9.0 * y) + 9.0 * y / (1.0 + 9.0 * y) - 0.8);
                res += fabs(y - *x); *x = 0.5 * (*x + y);
                newton += it;
            }
        }
        double t1 = MPI_Wtime();
        MPI_Allreduce(MPI_IN_PLACE, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        tw += MPI_Wtime() - t1; tc += t1 - t0;
    }
    printf("rank %d: rows %d-%d cells %d newton-iterations %ld compute %.3f s allreduce %.3f s\n", rank, r0, r1 - 1, (r1 - r0) * cols, newton, tc, tw);
    MPI_Finalize();
    return 0;
}
