/* Rank r computes (1 + 2r) units, then all ranks meet in MPI_Allreduce. */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  double compute = 0, wait = 0, s = 0;
  for (int it = 0; it < 10; it++) {
    double t0 = MPI_Wtime();
    long n = 20000000L * (1 + 2 * rank);
    for (long i = 0; i < n; i++) s += (double)(i & 255) * 1e-9;
    double t1 = MPI_Wtime();
    double g; MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double t2 = MPI_Wtime();
    compute += t1 - t0; wait += t2 - t1;
  }
  printf("rank=%d compute=%.4f s mpi_wait=%.4f s\n", rank, compute, wait);
  MPI_Finalize();
  return 0;
}
