/* each rank computes a share proportional to rank+1, then all meet at a barrier */
#include <mpi.h>
#include <stdio.h>
#include <math.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double comp = 0, wait = 0, acc = 0;
  for (int step = 0; step < 10; step++) {
    double t0 = MPI_Wtime();
    long work = 2500000L * (rank == 0 ? 1 : 4);
    for (long i = 1; i < work; i++) acc += sin((double)i) / i;
    double t1 = MPI_Wtime();
    MPI_Barrier(MPI_COMM_WORLD);
    double t2 = MPI_Wtime();
    comp += t1 - t0; wait += t2 - t1;
  }
  fprintf(stderr, "Rank %d | compute %8.3f s | MPI_Barrier %8.3f s | acc %.3f\n", rank, comp, wait, acc);
  MPI_Finalize();
  return 0;
}
