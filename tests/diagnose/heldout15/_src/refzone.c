/* MPI explicit hydro step on a 1-D mesh split into equal cell counts per rank; cells inside the
 * refined zone (x > 0.55, i.e. almost all of rank 1's half) are sub-cycled 8 times. A global time
 * step (MPI_Allreduce of the minimum dt) every step. Prints one line per rank: cells, sub-cycled
 * cells, compute time and time in MPI_Allreduce. Usage: refzone CELLS STEPS */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int ncell = argc > 1 ? atoi(argv[1]) : 400000;
  int steps = argc > 2 ? atoi(argv[2]) : 40;
  int n = ncell / size, lo = rank * n, nref = 0;
  double *u = malloc(sizeof(double) * n);
  int *sub = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) {
    double x = (lo + i + 0.5) / ncell;
    sub[i] = x > 0.55 ? 8 : 1;
    nref += sub[i] > 1;
    u[i] = 1.0 + 0.1 * sin(6.0 * x);
  }
  double tc = 0, tr = 0, dt = 1e-3;
  for (int s = 0; s < steps; s++) {
    double t0 = MPI_Wtime(), dtl = 1e30;
    for (int i = 0; i < n; i++) {
      double h = dt / sub[i];
      for (int k = 0; k < sub[i]; k++) u[i] += h * (-u[i] * u[i] + cos(u[i]));
      double c = 1.0 / (1e-3 + fabs(u[i]));
      if (c < dtl) dtl = c;
    }
    double t1 = MPI_Wtime();
    MPI_Allreduce(&dtl, &dt, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    dt = fmin(1e-3, dt);
    tr += MPI_Wtime() - t1; tc += t1 - t0;
  }
  for (int r = 0; r < size; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (r == rank) printf("rank %d cells %d subcycled %d steps %d compute_s %.3f allreduce_s %.3f u0 %.5f\n", rank, n, nref, steps, tc, tr, u[0]);
    fflush(stdout);
  }
  MPI_Finalize();
  return 0;
}
