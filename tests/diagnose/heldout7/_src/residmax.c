/* Two MPI ranks relax their halves of a 1-D field; each step the ranks find the largest change by
   reducing the whole change array element-wise (MPI_MAX) and then taking its maximum. */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? atoi(argv[1]) : 2000000, steps = argc > 2 ? atoi(argv[2]) : 50;
  int scalar = argc > 3 && atoi(argv[3]);
  double *u = malloc(sizeof(double) * (n + 2)), *d = malloc(sizeof(double) * n), *dg = malloc(sizeof(double) * n);
  for (int i = 0; i < n + 2; i++) u[i] = sin(1e-4 * (i + rank * n));
  double tcomp = 0, tred = 0, res = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = MPI_Wtime();
    for (int i = 1; i <= n; i++) { double nv = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]); d[i - 1] = fabs(nv - u[i]); u[i] = nv; }
    double t1 = MPI_Wtime();
    if (scalar) {
      double m = 0; for (int i = 0; i < n; i++) m = d[i] > m ? d[i] : m;
      MPI_Allreduce(&m, &res, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    } else {
      MPI_Allreduce(d, dg, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      res = 0; for (int i = 0; i < n; i++) res = dg[i] > res ? dg[i] : res;
    }
    double t2 = MPI_Wtime();
    tcomp += t1 - t0; tred += t2 - t1;
  }
  if (rank == 0) printf("step %d  max change %.6e\n", steps, res);
  printf("rank %d  relax %.3f s  residual check %.3f s\n", rank, tcomp, tred);
  MPI_Finalize();
  return 0;
}
