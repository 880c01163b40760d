/* MPI particle migration on 2 ranks: every step each rank moves its particles, and the ones that
   crossed the interface (a quarter) are sent to the other rank ONE PARTICLE PER MESSAGE (3 doubles).
   ./migr1 PARTICLES STEPS   per-rank lines: messages, bytes, move s, exchange s */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 40000, steps = argc > 2 ? atoi(argv[2]) : 20, other = 1 - rank;
    double *pt = malloc((size_t)n * 3 * sizeof *pt);
    for (int i = 0; i < n; i++) { pt[3 * i] = i; pt[3 * i + 1] = 0.5; pt[3 * i + 2] = rank; }
    long msgs = 0; double bytes = 0, tm = 0, tx = 0, cs = 0;
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime();
        for (int i = 0; i < n; i++) { pt[3 * i + 1] = pt[3 * i + 1] * 0.999 + 1e-4 * (i % 7); cs += pt[3 * i + 1]; }
        double t1 = MPI_Wtime();
        int nout = n / 4;
        for (int k = 0; k < nout; k++) {
            double *q = pt + 3 * (size_t)(4 * k);
            if (rank == 0) {
                MPI_Send(q, 3, MPI_DOUBLE, other, k, MPI_COMM_WORLD);
                MPI_Recv(q, 3, MPI_DOUBLE, other, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                double in[3];
                MPI_Recv(in, 3, MPI_DOUBLE, other, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(q, 3, MPI_DOUBLE, other, k, MPI_COMM_WORLD);
                q[0] = in[0]; q[1] = in[1]; q[2] = in[2];
            }
            msgs++; bytes += 24;
        }
        tx += MPI_Wtime() - t1; tm += t1 - t0;
    }
    printf("rank %d: particles %d steps %d sent %ld messages %.0f bytes (%.0f B/msg) move %.3f s exchange %.3f s checksum %.6e\n", rank, n, steps, msgs, bytes, bytes / msgs, tm, tx, cs);
    MPI_Finalize();
    return 0;
}
