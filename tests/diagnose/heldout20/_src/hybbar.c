/* hybbar: MPI+OpenMP 1-D advection, each rank's threads update their slab and meet at a barrier many times per step. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include <omp.h>
int main(int argc, char **argv) {
  int prov; MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &prov);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  int steps = argc > 2 ? atoi(argv[2]) : 2000;
  double *u = malloc(sizeof(double) * n), *v = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) u[i] = (i % 100) * 0.01;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int s = 0; s < steps; s++) {
#pragma omp parallel
    {
#pragma omp for
      for (int i = 1; i < n - 1; i++) v[i] = u[i] - 0.3 * (u[i] - u[i - 1]);
#pragma omp for
      for (int i = 1; i < n - 1; i++) u[i] = v[i];
    }
    double l = u[n - 2], g;
    MPI_Allreduce(&l, &g, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  double t = MPI_Wtime() - t0;
  printf("rank %d of %d threads=%d n=%d steps=%d seconds=%.4f\n", rank, size, omp_get_max_threads(), n, steps, t);
  MPI_Finalize();
  return 0;
}
