/* a compute loop per rank with a barrier per step: run with more ranks than cores */
#include <mpi.h>
#include <stdio.h>
#include <math.h>
int main(int argc, char **argv) {
  int rank, size; double acc = 0.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double t0 = MPI_Wtime();
  for (int step = 0; step < 400; step++) {
    for (int i = 1; i < 20000; i++) acc += sqrt((double)i + step);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  double t = MPI_Wtime() - t0;
  if (rank == 0) printf("Running on %d ranks\nTotal wall time: %.3f s\n", size, t);
  printf("acc(%d) = %.3f\n", rank, acc);
  MPI_Finalize();
  return 0;
}
