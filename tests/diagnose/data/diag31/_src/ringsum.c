/* A 1-D relaxation split over MPI ranks, one halo exchange and one Allreduce per step: the
 * total work is fixed, so the time should fall as ranks are added. Rank 0 prints a line. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = (argc > 1 ? atol(argv[1]) : 2000000) / size;
  int steps = argc > 2 ? atoi(argv[2]) : 100;
  double *u = calloc(n + 2, sizeof *u), *v = calloc(n + 2, sizeof *v), res = 0;
  for (long i = 1; i <= n; i++) u[i] = (double)((i + rank * n) % 17);
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  double t0 = MPI_Wtime();
  for (int s = 0; s < steps; s++) {
    MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[n + 1], 1, MPI_DOUBLE, right, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double local = 0;
    for (long i = 1; i <= n; i++) {
      v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
      local += v[i] - u[i];
    }
    double *t = u; u = v; v = t;
    MPI_Allreduce(&local, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  double el = MPI_Wtime() - t0;
  if (rank == 0) printf("ranks %d cells_per_rank %ld steps %d time_s %.3f residual %.6e\n", size, n,
                        steps, el, res);
  MPI_Finalize();
  return 0;
}
