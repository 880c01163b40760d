/* Explicit time stepping where every rank calls MPI_Barrier after each small step. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int steps = argc > 1 ? atoi(argv[1]) : 200000;
  int sync = argc > 2 ? atoi(argv[2]) : 1;
  double u[256] = {0}, tc = 0.0, tb = 0.0, t0 = MPI_Wtime();
  for (int s = 0; s < steps; s++) {
    double a = MPI_Wtime();
    for (int i = 1; i < 255; i++) u[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]) + 1e-9;
    double b = MPI_Wtime();
    tc += b - a;
    if (sync) MPI_Barrier(MPI_COMM_WORLD);
    tb += MPI_Wtime() - b;
  }
  double tt = MPI_Wtime() - t0;
  printf("rank %d/%d steps %d compute %.3f s barrier %.3f s total %.3f s (u=%.3e)\n", rank, size, steps, tc, tb, tt, u[128]);
  MPI_Finalize();
  return 0;
}
