/* Synthetic seismograms: rank 1 computes the samples of each receiver's trace and sends them to
   rank 0 (the writer) one sample per MPI_Send (8 bytes); rank 0 receives them one by one.
   Prints per rank: messages, bytes, compute seconds, communication seconds. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nrec = argc > 1 ? atoi(argv[1]) : 200, ns = argc > 2 ? atoi(argv[2]) : 1000;
  double *tr = malloc(ns * sizeof *tr), tc = 0.0, tm = 0.0, sum = 0.0; long msgs = 0;
  for (int r = 0; r < nrec; r++) {
    double t0 = MPI_Wtime();
    if (rank == 1) for (int i = 0; i < ns; i++) tr[i] = exp(-1e-3 * i) * cos(0.05 * i + r);
    double t1 = MPI_Wtime(); tc += t1 - t0;
    for (int i = 0; i < ns; i++) {
      if (rank == 1) MPI_Send(&tr[i], 1, MPI_DOUBLE, 0, i, MPI_COMM_WORLD);
      else if (rank == 0) { MPI_Recv(&tr[i], 1, MPI_DOUBLE, 1, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE); sum += tr[i]; }
      msgs++;
    }
    tm += MPI_Wtime() - t1;
  }
  for (int p = 0; p < size; p++) {
    if (p == rank) printf("rank %d messages=%ld bytes=%ld compute_s=%.3f comm_s=%.3f\n", rank, msgs, 8 * msgs, tc, tm);
    fflush(stdout); MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0) printf("receivers=%d samples=%d checksum=%.6f\n", nrec, ns, sum);
  MPI_Finalize();
  return 0;
}
