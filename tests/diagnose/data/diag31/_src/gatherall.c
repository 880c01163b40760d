/* Each rank updates its cells, then gathers every rank's whole field although it needs only the
 * edges: each rank prints its compute, its time in MPI_Allgather and the bytes it received. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = argc > 1 ? atol(argv[1]) : 500000;
  int steps = argc > 2 ? atoi(argv[2]) : 20;
  double *u = malloc(n * sizeof *u), *all = malloc((size_t)n * size * sizeof *all);
  for (long i = 0; i < n; i++) u[i] = (double)(i % 7);
  double comp = 0, comm = 0;
  for (int s = 0; s < steps; s++) {
    double t = MPI_Wtime();
    for (long i = 1; i < n - 1; i++) u[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
    comp += MPI_Wtime() - t;
    t = MPI_Wtime();
    MPI_Allgather(u, (int)n, MPI_DOUBLE, all, (int)n, MPI_DOUBLE, MPI_COMM_WORLD);
    comm += MPI_Wtime() - t;
  }
  printf("rank %d: cells %ld steps %d compute %.3f s allgather %.3f s received %.0f MB\n", rank, n,
         steps, comp, comm, (double)n * size * 8 * steps / 1e6);
  MPI_Finalize();
  return 0;
}
