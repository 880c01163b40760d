/* Each rank computes a block of values; rank 0 collects them with one MPI_Gather of a single
 * double per element. Prints the compute and collect times and the number of collective calls. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int n = argc > 1 ? atoi(argv[1]) : 200000;
  int blocked = argc > 2 && atoi(argv[2]) == 1;
  double *loc = malloc(sizeof(double) * n), *all = malloc(sizeof(double) * (size_t)n * np);
  double t0 = MPI_Wtime();
  for (int i = 0; i < n; i++) {
    double x = (rank * n + i) * 1e-5;
    loc[i] = sqrt(x) * 0.5 + x * x;
  }
  double tc = MPI_Wtime() - t0;
  long calls = 0;
  t0 = MPI_Wtime();
  if (blocked) {
    MPI_Gather(loc, n, MPI_DOUBLE, all, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    calls = 1;
  } else {
    for (int i = 0; i < n; i++) {
      double r[64];
      MPI_Gather(&loc[i], 1, MPI_DOUBLE, r, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
      if (rank == 0) for (int p = 0; p < np; p++) all[(size_t)p * n + i] = r[p];
      calls++;
    }
  }
  double tg = MPI_Wtime() - t0;
  printf("rank %d compute=%.4f s collect=%.4f s gather_calls=%ld bytes_per_call=%d\n", rank, tc, tg, calls, blocked ? 8 * n : 8);
  if (rank == 0) printf("sum=%.6e\n", all[(size_t)n * np - 1] + all[0]);
  MPI_Finalize();
  return 0;
}
