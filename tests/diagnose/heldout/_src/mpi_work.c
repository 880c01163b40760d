/* Each rank computes the same amount, one Allreduce at the end. */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double t0 = MPI_Wtime(), s = 0, g;
  for (long i = 0; i < 150000000L; i++) s += (double)(i & 255) * 1e-9;
  double t1 = MPI_Wtime();
  MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  printf("rank=%d compute=%.4f s mpi_wait=%.4f s\n", rank, t1 - t0, MPI_Wtime() - t1);
  MPI_Finalize();
  return 0;
}
