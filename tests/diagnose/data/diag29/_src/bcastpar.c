/* A coefficient table broadcast again every step although it never changes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  int steps = argc > 2 ? atoi(argv[2]) : 20;
  double *coef = malloc(sizeof(double) * n), acc = 0, tb = 0, tc = 0;
  if (rank == 0)
    for (long i = 0; i < n; i++) coef[i] = 1.0 / (i + 1);
  for (int s = 0; s < steps; s++) {
    double t0 = MPI_Wtime();
    MPI_Bcast(coef, (int)n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    double t1 = MPI_Wtime();
    for (long i = rank; i < n; i += 64) acc += coef[i] * (s + 1);
    tc += MPI_Wtime() - t1;
    tb += t1 - t0;
  }
  printf("rank %d/%d steps=%d bcast_s=%.3f compute_s=%.3f acc=%.6e\n", rank, size, steps, tb, tc,
         acc);
  free(coef);
  MPI_Finalize();
  return 0;
}
