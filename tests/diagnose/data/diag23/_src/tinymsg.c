/* rank 0 streams one double per message to rank 1 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank; const int count = 200000;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double v = 0.0, t0 = MPI_Wtime();
  for (int i = 0; i < count; i++) {
    if (rank == 0) { v = i; MPI_Send(&v, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD); }
    else if (rank == 1) MPI_Recv(&v, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  double t = MPI_Wtime() - t0;
  printf("rank %d: messages=%d, bytes/message=8, comm_time=%.3f s\n", rank, count, t);
  MPI_Finalize();
  return 0;
}
