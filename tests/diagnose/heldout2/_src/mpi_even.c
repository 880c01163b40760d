/* Equal compute per rank (sin sums), an MPI_Allreduce every step; per-rank times. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int steps = argc > 1 ? atoi(argv[1]) : 40;
  long work = argc > 2 ? atol(argv[2]) : 400000L;
  double comp = 0, wait = 0, s = 0, g;
  double t0 = MPI_Wtime();
  for (int it = 0; it < steps; it++) {
    double a = MPI_Wtime();
    for (long i = 0; i < work; i++) s += sin(i * 1e-4 + rank) * 1e-9;
    double b = MPI_Wtime();
    MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    wait += MPI_Wtime() - b; comp += b - a;
  }
  printf("rank %d compute %.3f s wait %.3f s total %.3f s\n", rank, comp, wait,
         MPI_Wtime() - t0);
  MPI_Finalize();
  return 0;
}
