/* Two ranks that take turns: each updates its half only after the other's message arrives, so
 * each waits in MPI_Recv for the other's whole update. Each rank prints its own timers. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = argc > 1 ? atol(argv[1]) : 100000;
  int steps = argc > 2 ? atoi(argv[2]) : 100;
  double *u = malloc(n * sizeof *u), edge = 0, comp = 0, wait = 0;
  for (long i = 0; i < n; i++) u[i] = (double)(i % 11) * 0.1;
  int other = 1 - rank;
  for (int s = 0; s < steps; s++) {
    if (!(rank == 0 && s == 0)) {
      double t = MPI_Wtime();
      MPI_Recv(&edge, 1, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      wait += MPI_Wtime() - t;
    }
    double t = MPI_Wtime();
    for (long i = 0; i < n; i++) u[i] = 0.5 * u[i] + 0.1 * sin(u[i] + edge);
    comp += MPI_Wtime() - t;
    if (!(rank == 1 && s == steps - 1)) MPI_Send(&u[n - 1], 1, MPI_DOUBLE, other, 0, MPI_COMM_WORLD);
  }
  printf("rank %d cells %ld steps %d compute_s %.3f recv_wait_s %.3f msgs_sent %d\n", rank, n,
         steps, comp, wait, steps);
  MPI_Finalize();
  return 0;
}
