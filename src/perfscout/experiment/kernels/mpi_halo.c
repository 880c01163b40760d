/* 1D-decomposed 2D halo exchange with a compute step and a load-imbalance knob.
 * usage: mpi_halo N [iters] [imbalance 0..100]
 * Each rank owns N/ranks rows of N columns; rank 0 does imbalance percent extra compute sweeps
 * per iteration, which the others wait for in the next exchange. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = argc > 1 ? atol(argv[1]) : 1024;
  int iters = argc > 2 ? atoi(argv[2]) : 50;
  long imb = argc > 3 ? atol(argv[3]) : 0;
  long rows = n / size;
  double *u = calloc((size_t)((rows + 2) * n), sizeof(double));
  double *v = calloc((size_t)((rows + 2) * n), sizeof(double));
  for (long j = 0; j < n; j++) u[1 * n + j] = (double)(rank + 1);
  int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  double wait = 0.0;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int it = 0; it < iters; it++) {
    double w0 = MPI_Wtime();
    MPI_Sendrecv(&u[1 * n], (int)n, MPI_DOUBLE, up, 0, &u[(rows + 1) * n], (int)n, MPI_DOUBLE, down,
                 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[rows * n], (int)n, MPI_DOUBLE, down, 1, &u[0], (int)n, MPI_DOUBLE, up, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    wait += MPI_Wtime() - w0;
    long sweeps = 100 + (rank == 0 ? imb : 0);
    for (long s = 0; s < sweeps; s += 100)
      for (long i = 1; i <= rows; i++)
        for (long j = 1; j < n - 1; j++)
          v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] +
                                 u[i * n + j + 1]);
    double *tmp = u; u = v; v = tmp;
  }
  double t = MPI_Wtime() - t0, local = 0.0, sum = 0.0, maxwait = 0.0;
  for (long i = 1; i <= rows; i++)
    for (long j = 0; j < n; j++) local += u[i * n + j];
  MPI_Reduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&wait, &maxwait, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("PERFSCOUT kernel=mpi_halo n=%ld ranks=%d time_s=%.6f metric=time_s value=%.6f "
           "max_wait_s=%.6f imbalance=%ld checksum=%.17g\n", n, size, t, t, maxwait, imb, sum);
  free(u); free(v);
  MPI_Finalize();
  return 0;
}
