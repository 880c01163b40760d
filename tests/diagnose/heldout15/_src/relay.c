/* MPI 1-D implicit-like sweep on 2 ranks written as a relay: each step rank 0 updates its whole half,
 * then sends its last value to rank 1 (MPI_Send); rank 1 waits for it (MPI_Recv), updates its half
 * and sends its first value back, which rank 0 waits for before the next step. Equal cells per rank.
 * Prints one line per rank: cells, compute time, time blocked in MPI_Recv, messages and bytes.
 * Usage: relay CELLS_PER_RANK STEPS */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? atoi(argv[1]) : 200000;
  int steps = argc > 2 ? atoi(argv[2]) : 200;
  double *u = malloc(sizeof(double) * (n + 2));
  for (int i = 0; i < n + 2; i++) u[i] = 1.0 + 0.001 * i + rank;
  double tc = 0, tw = 0; long msgs = 0;
  int other = 1 - rank;
  for (int s = 0; s < steps; s++) {
    double t0, t1;
    if (rank == 1) {
      t0 = MPI_Wtime();
      MPI_Recv(&u[0], 1, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      tw += MPI_Wtime() - t0;
    }
    t0 = MPI_Wtime();
    for (int i = 1; i <= n; i++) u[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]) + 1e-3 * sin(u[i]);
    t1 = MPI_Wtime();
    tc += t1 - t0;
    if (rank == 0) {
      MPI_Send(&u[n], 1, MPI_DOUBLE, other, 0, MPI_COMM_WORLD);
      t0 = MPI_Wtime();
      MPI_Recv(&u[n + 1], 1, MPI_DOUBLE, other, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      tw += MPI_Wtime() - t0;
    } else {
      MPI_Send(&u[1], 1, MPI_DOUBLE, other, 1, MPI_COMM_WORLD);
    }
    msgs += 1;
  }
  double chk = 0;
  for (int i = 1; i <= n; i++) chk += u[i];
  for (int r = 0; r < size; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (r == rank)
      printf("rank %d cells %d steps %d compute_s %.3f recv_wait_s %.3f msgs_sent %ld bytes_sent %ld checksum %.6e\n", rank, n, steps, tc, tw,
             msgs, msgs * 8, chk);
    fflush(stdout);
  }
  MPI_Finalize();
  return 0;
}
