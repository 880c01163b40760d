/* Each rank times its whole step (compute and the allreduce inside it) and the allreduce. */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double ts = 0, tr = 0, x = 0, y;
  for (int s = 0; s < 200; s++) {
    double t0 = MPI_Wtime();
    for (long i = 0; i < 200000L * (rank + 1); i++) x += 1e-9 * (double)(i % 7);
    double t1 = MPI_Wtime();
    MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double t2 = MPI_Wtime();
    ts += t2 - t0;
    tr += t2 - t1;
  }
  printf("rank %d: step %.3f s, allreduce %.3f s, y=%.3f\n", rank, ts, tr, y);
  MPI_Finalize();
  return 0;
}
