/* Ocean drifters on two MPI ranks: every step the drifters that crossed the boundary (a fixed share)
   are sent to the neighbour one at a time, three doubles per MPI_Send, and received one at a time.
   usage: drifters NDRIFT STEPS ; per-rank lines */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
    int nd = argc > 1 ? atoi(argv[1]) : 200000, steps = argc > 2 ? atoi(argv[2]) : 20;
    int peer = (rank + 1) % size, from = (rank + size - 1) % size, ncross = nd / 10;
    double *x = malloc(3 * nd * sizeof *x), buf[3]; long msgs = 0; double tm = 0, tu = 0;
    for (int i = 0; i < 3 * nd; i++) x[i] = 0.001 * (i % 997);
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime();
        for (int i = 0; i < nd; i++) { x[3*i] += 0.01 * x[3*i+1]; x[3*i+1] -= 0.01 * x[3*i]; x[3*i+2] *= 0.9999; }
        double t1 = MPI_Wtime();
        for (int c = 0; c < ncross; c++) {
            int i = (c * 7 + s) % nd;
            if (rank % 2 == 0) {
                MPI_Send(&x[3*i], 3, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
                MPI_Recv(buf, 3, MPI_DOUBLE, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, 3, MPI_DOUBLE, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(&x[3*i], 3, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
            }
            x[3*i] = buf[0]; x[3*i+1] = buf[1]; x[3*i+2] = buf[2]; msgs++;
        }
        tu += t1 - t0; tm += MPI_Wtime() - t1;
    }
    printf("rank %d: drifters %d  sent %ld messages of 24 B  update %.3f s  exchange %.3f s\n", rank, nd, msgs, tu, tm);
    MPI_Finalize();
    return 0;
}
