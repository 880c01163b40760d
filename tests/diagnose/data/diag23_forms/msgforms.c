/* rank 0 sends single doubles to rank 1 and prints "sent N messages of B bytes in T s" */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank; const int count = 50000; double v = 0.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double t0 = MPI_Wtime();
  for (int i = 0; i < count; i++) {
    if (rank == 0) { v = i; MPI_Send(&v, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD); }
    else MPI_Recv(&v, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  if (rank == 0) printf("sent %d messages of %zu bytes in %.3f s\n", count, sizeof v, MPI_Wtime() - t0);
  MPI_Finalize();
  return 0;
}
