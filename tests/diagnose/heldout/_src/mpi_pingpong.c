/* Two ranks exchange many 8-byte messages: each costs a full latency. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int n = argc > 1 ? atoi(argv[1]) : 200000;
  double buf = 0, compute = 0, s = 0, t0 = MPI_Wtime();
  for (int i = 0; i < n; i++) {
    double c0 = MPI_Wtime();
    for (int k = 0; k < 50; k++) s += k * 1e-9;
    compute += MPI_Wtime() - c0;
    buf = s;
    if (rank == 0) { MPI_Send(&buf, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD); MPI_Recv(&buf, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
    else { MPI_Recv(&buf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Send(&buf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD); }
  }
  double t = MPI_Wtime() - t0;
  printf("rank=%d messages=%d message_size=8 B time=%.4f s compute=%.4f s mpi_time=%.4f s latency=%.3f us\n",
         rank, 2 * n, t, compute, t - compute, (t - compute) / (2.0 * n) * 1e6);
  MPI_Finalize();
  return 0;
}
