/* Seismic sensor-network gather (C, MPI).
 * Rank 1.. filter their station's samples and send them to rank 0, which stacks them. The shipped
 * code sends every filtered sample as its own 8-byte MPI_Send (and rank 0 posts one MPI_Recv per
 * sample); -DBATCH sends each block of 4096 samples in one message. Each rank prints samples,
 * messages, filter seconds and MPI seconds. usage: mpirun -np 2 sensnet [samples] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BLK 4096

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long ns = argc > 1 ? atol(argv[1]) : 400000;
    double buf[BLK], stack = 0.0, tf = 0.0, tm = 0.0, t0;
    long msgs = 0;
    double prev = 0.0;
    for (long b = 0; b < ns; b += BLK) {
        if (rank != 0) {
            t0 = MPI_Wtime();
            for (int i = 0; i < BLK; i++) {
                double raw = (double)((b + i) * 2654435761u % 1000) * 1e-3 - 0.5;
                prev = 0.95 * prev + 0.05 * raw;
                buf[i] = raw - prev;
            }
            tf += MPI_Wtime() - t0;
            t0 = MPI_Wtime();
#ifdef BATCH
            MPI_Send(buf, BLK, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD);
            msgs++;
#else
            for (int i = 0; i < BLK; i++) { MPI_Send(&buf[i], 1, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD); msgs++; }
#endif
            tm += MPI_Wtime() - t0;
        } else {
            for (int src = 1; src < size; src++) {
                t0 = MPI_Wtime();
#ifdef BATCH
                MPI_Recv(buf, BLK, MPI_DOUBLE, src, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                msgs++;
#else
                for (int i = 0; i < BLK; i++) { MPI_Recv(&buf[i], 1, MPI_DOUBLE, src, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE); msgs++; }
#endif
                tm += MPI_Wtime() - t0;
                t0 = MPI_Wtime();
                for (int i = 0; i < BLK; i++) stack += buf[i];
                tf += MPI_Wtime() - t0;
            }
        }
    }
#ifdef BATCH
    const char *build = "batched";
#else
    const char *build = "per-sample";
#endif
    printf("rank %d build=%s samples=%ld messages=%ld bytes_per_msg=%d filter_s=%.3f mpi_s=%.3f stack=%.4f\n", rank, build, ns, msgs,
#ifdef BATCH
           BLK * 8,
#else
           8,
#endif
           tf, tm, stack);
    MPI_Finalize();
    return 0;
}
