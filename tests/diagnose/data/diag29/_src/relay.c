/* Two ranks relay a block: rank 1 cannot start until rank 0 has finished and sent its part,
   and rank 0 then waits in the allreduce for rank 1's part: each waits for the other's work. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
static double work(double *a, int n, int it) {
  double s = 0;
  for (int r = 0; r < 30; r++)
    for (int i = 0; i < n; i++) { a[i] = a[i] * 0.999 + sin(i * 1e-3 + it); s += a[i]; }
  return s;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int n = argc > 1 ? atoi(argv[1]) : 200000, iters = argc > 2 ? atoi(argv[2]) : 10;
  double *a = calloc(n, sizeof(double)), edge = 0, tw = 0, tr = 0, ts = 0, ta = 0, res = 0;
  for (int it = 0; it < iters; it++) {
    double t0 = MPI_Wtime();
    if (rank == 1) MPI_Recv(&edge, 1, MPI_DOUBLE, 0, it, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double t1 = MPI_Wtime();
    double s = work(a, n, it) + edge;
    double t2 = MPI_Wtime();
    if (rank == 0) MPI_Send(&s, 1, MPI_DOUBLE, 1, it, MPI_COMM_WORLD);
    double t3 = MPI_Wtime();
    MPI_Allreduce(&s, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double t4 = MPI_Wtime();
    tr += t1 - t0; tw += t2 - t1; ts += t3 - t2; ta += t4 - t3;
  }
  if (rank == 0) printf("rank   work(s)  MPI_Recv(s)  MPI_Send(s)  MPI_Allreduce(s)\n");
  MPI_Barrier(MPI_COMM_WORLD);
  for (int r = 0; r < 2; r++) {
    if (r == rank) { printf("%4d %9.3f %11.3f %11.3f %16.3f\n", rank, tw, tr, ts, ta); fflush(stdout); }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  free(a);
  MPI_Finalize();
  return res == 12345.0;
}
