/* rank 1 computes 4x rank 0's share; each rank prints "P<r> comp=..s comm=..s" and its MPI share */
#include <mpi.h>
#include <stdio.h>
#include <math.h>
int main(int argc, char **argv) {
  int rank; double comp = 0, comm = 0, acc = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int step = 0; step < 5; step++) {
    double t0 = MPI_Wtime();
    for (long i = 1; i < 1000000L * (rank == 0 ? 1 : 4); i++) acc += sin((double)i) / i;
    double t1 = MPI_Wtime();
    MPI_Barrier(MPI_COMM_WORLD);
    comp += t1 - t0; comm += MPI_Wtime() - t1;
  }
  printf("P%d comp=%.3fs comm=%.3fs\n", rank, comp, comm);
  fprintf(stderr, "rank %d spent %.0f%% of its time in MPI (acc %.2f)\n", rank,
          100.0 * comm / (comp + comm), acc);
  MPI_Finalize();
  return 0;
}
