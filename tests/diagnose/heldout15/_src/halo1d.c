/* MPI 1-D Jacobi relaxation, a fixed total of cells split evenly over the ranks, a one-value halo
 * exchange with both neighbours (MPI_Sendrecv) and an MPI_Allreduce of the residual every step.
 * Rank 0 prints the rank count, cells per rank, time and ns per cell-update (whole job).
 * Usage: halo1d TOTAL_CELLS STEPS */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long total = argc > 1 ? atol(argv[1]) : 2000000L;
  int steps = argc > 2 ? atoi(argv[2]) : 2000;
  int n = (int)(total / size);
  double *u = malloc(sizeof(double) * (n + 2)), *v = malloc(sizeof(double) * (n + 2));
  for (int i = 0; i < n + 2; i++) u[i] = v[i] = sin(0.001 * (i + (long)rank * n));
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), res = 0;
  for (int s = 0; s < steps; s++) {
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[n + 1], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double r = 0;
    for (int i = 1; i <= n; i++) { v[i] = 0.5 * (u[i - 1] + u[i + 1]); r += fabs(v[i] - u[i]); }
    double *t = u; u = v; v = t;
    MPI_Allreduce(&r, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  double t = MPI_Wtime() - t0;
  if (rank == 0)
    printf("ranks %d cells_per_rank %d steps %d time_s %.3f ns_per_cell_update %.3f residual %.6e\n", size, n, steps, t, 1e9 * t / ((double)total * steps), res);
  MPI_Finalize();
  return 0;
}
