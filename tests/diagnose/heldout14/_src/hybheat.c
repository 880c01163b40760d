/* hybheat: hybrid MPI + OpenMP 2-D heat equation on row slabs. Every step each rank exchanges its
   boundary rows with MPI_Sendrecv and updates its slab with an OpenMP parallel for over rows.
   Usage: hybheat nx ny_per_rank steps. Prints per rank the MPI rank count, OpenMP threads,
   omp_get_num_procs, update time and halo-exchange time. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nx = argc > 1 ? atoi(argv[1]) : 512, ny = argc > 2 ? atoi(argv[2]) : 256, steps = argc > 3 ? atoi(argv[3]) : 400;
  double *u = calloc((size_t)(ny + 2) * nx, sizeof *u), *v = calloc((size_t)(ny + 2) * nx, sizeof *v);
  for (int j = 1; j <= ny; j++) for (int i = 0; i < nx; i++) u[(size_t)j * nx + i] = (i * 13 + j * 7 + rank) % 17;
  int up = rank + 1 < size ? rank + 1 : MPI_PROC_NULL, dn = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  double tu = 0, th = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = MPI_Wtime();
    MPI_Sendrecv(u + (size_t)ny * nx, nx, MPI_DOUBLE, up, 0, u, nx, MPI_DOUBLE, dn, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(u + nx, nx, MPI_DOUBLE, dn, 1, u + (size_t)(ny + 1) * nx, nx, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double t1 = MPI_Wtime();
#pragma omp parallel for schedule(static)
    for (int j = 1; j <= ny; j++)
      for (int i = 1; i < nx - 1; i++) {
        size_t k = (size_t)j * nx + i;
        v[k] = u[k] + 0.2 * (u[k - 1] + u[k + 1] + u[k - nx] + u[k + nx] - 4 * u[k]);
      }
    double *t = u; u = v; v = t;
    tu += MPI_Wtime() - t1; th += t1 - t0;
  }
  double c = 0;
  for (int j = 1; j <= ny; j++) c += u[(size_t)j * nx + nx / 2];
  for (int r = 0; r < size; r++) {
    if (r == rank)
      printf("rank %d of %d: %d OpenMP threads, omp_get_num_procs %d, update %.3f s, halo %.3f s, check %.4e\n", rank, size,
             omp_get_max_threads(), omp_get_num_procs(), tu, th, c);
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
