/* A server rank hands out one small request per message; the client answers each. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long n = argc > 1 ? atol(argv[1]) : 50000;
  double busy = 0, t0 = MPI_Wtime(), x = 0;
  for (long i = 0; i < n; i++) {
    double q = i * 0.5, a;
    if (rank == 0) { MPI_Send(&q, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
                     MPI_Recv(&a, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); x += a; }
    else { MPI_Recv(&q, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
           double c = MPI_Wtime(); a = q * q + 1.0; busy += MPI_Wtime() - c;
           MPI_Send(&a, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD); }
  }
  double wall = MPI_Wtime() - t0;
  for (int r = 0; r < 2; r++) {
    if (r == rank) { printf("rank %d requests=%ld wall=%.3f s busy=%.4f s\n", rank, n, wall, busy); fflush(stdout); }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0) printf("checksum=%.1f\n", x);
  MPI_Finalize();
  return 0;
}
