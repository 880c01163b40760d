/* Each rank computes a share proportional to (rank+1)^2, then all meet in MPI_Allreduce;
   repeated. Prints per-rank compute and wait time. */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int steps = argc > 1 ? atoi(argv[1]) : 40;
  long work = 200000L * (rank + 1) * (rank + 1);
  double comp = 0, wait = 0, s = 0, g;
  double t0 = MPI_Wtime();
  for (int it = 0; it < steps; it++) {
    double a = MPI_Wtime();
    for (long i = 0; i < work; i++) s += sin(i * 1e-4) * 1e-9;
    double b = MPI_Wtime();
    MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double c = MPI_Wtime();
    comp += b - a; wait += c - b;
  }
  double t = MPI_Wtime() - t0;
  printf("rank %d compute %.3f s wait %.3f s total %.3f s\n", rank, comp, wait, t);
  MPI_Finalize();
  return 0;
}
