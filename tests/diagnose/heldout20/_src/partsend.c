/* partsend: MPI particle migration; every leaving particle (4 doubles) is sent in its own MPI_Send;
   argument 3 (batch) packs that many particles per message instead. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nleave = argc > 1 ? atoi(argv[1]) : 50000;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  int batch = argc > 3 ? atoi(argv[3]) : 1;
  int peer = rank ^ 1;
  double *out = malloc(sizeof(double) * 4 * nleave), *in = malloc(sizeof(double) * 4 * nleave);
  long msgs = 0; double tc = 0, tm = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < 4 * nleave; i++) out[i] = (i * 0.5 + s) * 1e-3;
    double t1 = MPI_Wtime();
    for (int i = 0; i < nleave; i += batch) {
      int cnt = (nleave - i < batch ? nleave - i : batch) * 4;
      if (rank < peer) { MPI_Send(out + 4 * i, cnt, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD); MPI_Recv(in + 4 * i, cnt, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
      else { MPI_Recv(in + 4 * i, cnt, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Send(out + 4 * i, cnt, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD); }
      msgs++;
    }
    double t2 = MPI_Wtime();
    tc += t1 - t0; tm += t2 - t1;
  }
  printf("rank %d batch=%d messages_sent=%ld bytes_per_message=%d pack_s=%.4f exchange_s=%.4f\n", rank, batch, msgs, 32 * batch, tc, tm);
  MPI_Finalize();
  return 0;
}
