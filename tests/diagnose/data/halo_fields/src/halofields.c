/* Two ranks exchange the boundary row of NF fields every step: "perfield" sends one
 * MPI_Sendrecv per field (NF messages of one row each, same size, same peer), "packed" copies
 * the NF rows into one buffer and sends one message per step (the fix, the look-alike). Each
 * rank prints its compute and exchange times and the messages it sent. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NF 40
#define NX 128
#define NY 64

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int packed = argc > 1 && strcmp(argv[1], "packed") == 0;
    int steps = argc > 2 ? atoi(argv[2]) : 2000;
    int peer = rank ^ 1;
    double *f = calloc((size_t)NF * (NY + 1) * NX, sizeof *f);
    double *sbuf = malloc(sizeof(double) * NF * NX), *rbuf = malloc(sizeof(double) * NF * NX);
    double tc = 0, tx = 0;
    long msgs = 0;
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime();
        for (int v = 0; v < NF; v++)
            for (int j = 1; j < NY; j++)
                for (int i = 0; i < NX; i++)
                    f[((size_t)v * (NY + 1) + j) * NX + i] += 1e-3 * (v + 1);
        double t1 = MPI_Wtime();
        if (packed) {
            for (int v = 0; v < NF; v++)
                memcpy(sbuf + v * NX, f + ((size_t)v * (NY + 1) + NY - 1) * NX, sizeof(double) * NX);
            MPI_Sendrecv(sbuf, NF * NX, MPI_DOUBLE, peer, 0, rbuf, NF * NX, MPI_DOUBLE, peer, 0,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (int v = 0; v < NF; v++)
                memcpy(f + (size_t)v * (NY + 1) * NX, rbuf + v * NX, sizeof(double) * NX);
            msgs += 1;
        } else {
            for (int v = 0; v < NF; v++) {
                MPI_Sendrecv(f + ((size_t)v * (NY + 1) + NY - 1) * NX, NX, MPI_DOUBLE, peer, v,
                             f + (size_t)v * (NY + 1) * NX, NX, MPI_DOUBLE, peer, v,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                msgs += 1;
            }
        }
        tx += MPI_Wtime() - t1;
        tc += t1 - t0;
    }
    printf("rank %d: compute %.4f s exchange %.4f s messages %ld\n", rank, tc, tx, msgs);
    free(f); free(sbuf); free(rbuf);
    MPI_Finalize();
    return 0;
}
