/* MPI exchange of whole blocks: each step both ranks relax the interface layer of their block (its
 * first quarter) towards the partner's copy and then swap the full block with the partner
 * (MPI_Sendrecv of every value, "so that each rank holds the neighbour's copy for the coupled solve"). Prints one line per rank: compute time,
 * exchange time, messages and bytes. Usage: slabxchg VALUES_PER_RANK STEPS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = argc > 1 ? atol(argv[1]) : 4000000L;
  int steps = argc > 2 ? atoi(argv[2]) : 20;
  double *u = malloc(sizeof(double) * n), *v = calloc(n, sizeof(double));
  for (long i = 0; i < n; i++) u[i] = 1.0 + (i % 11) * 0.1 + rank;
  double tc = 0, tx = 0; long msgs = 0, bytes = 0;
  int other = 1 - rank;
  for (int s = 0; s < steps; s++) {
    double t0 = MPI_Wtime();
    for (long i = 0; i < n / 4; i++) u[i] = 0.98 * u[i] + 0.02 * v[i];
    double t1 = MPI_Wtime();
    MPI_Sendrecv(u, (int)n, MPI_DOUBLE, other, 0, v, (int)n, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double t2 = MPI_Wtime();
    u[0] = 0.5 * (u[0] + v[n - 1]);
    tc += t1 - t0; tx += t2 - t1; msgs++; bytes += 8 * n;
  }
  for (int r = 0; r < size; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (r == rank)
      printf("rank %d values %ld steps %d compute_s %.3f sendrecv_s %.3f msgs_sent %ld bytes_sent %ld (%.1f MB per message)\n", rank, n, steps,
             tc, tx, msgs, bytes, 8.0 * n / 1e6);
    fflush(stdout);
  }
  MPI_Finalize();
  return 0;
}
