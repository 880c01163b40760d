/* 300k MPI_Allreduce calls of one double each, equal work per rank: a latency-bound stream. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long calls = argc > 1 ? atol(argv[1]) : 300000L;
  double x = rank + 1.0, y = 0, comp = 0, comm = 0;
  double t0 = MPI_Wtime();
  for (long i = 0; i < calls; i++) {
    double a = MPI_Wtime();
    x = x * 0.999 + 1e-6 * i;
    double b = MPI_Wtime();
    MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    comm += MPI_Wtime() - b; comp += b - a;
  }
  double t = MPI_Wtime() - t0;
  printf("rank %d messages %ld bytes_per_message 8 compute %.3f s mpi %.3f s total %.3f s "
         "latency %.2f us\n", rank, calls, comp, comm, t, 1e6 * comm / calls);
  MPI_Finalize();
  return 0;
}
