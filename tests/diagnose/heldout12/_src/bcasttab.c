/* MPI time loop: every step rank 0 broadcasts the full coefficient table (which never changes after
   setup) to all ranks, then each rank applies it to its own cells. Prints communication and compute
   time per rank. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int ntab = argc > 1 ? atoi(argv[1]) : 4000000;
  int nsteps = argc > 2 ? atoi(argv[2]) : 30;
  int ncell = 200000;
  double *tab = malloc((size_t)ntab * sizeof *tab), *u = malloc(ncell * sizeof *u);
  if (rank == 0)
    for (int i = 0; i < ntab; ++i) tab[i] = 1.0 + 0.5 * sin(1e-4 * i);
  for (int i = 0; i < ncell; ++i) u[i] = 1.0 + rank;
  double tcomm = 0, tcomp = 0;
  for (int s = 0; s < nsteps; ++s) {
    double a = MPI_Wtime();
    MPI_Bcast(tab, ntab, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    double b = MPI_Wtime();
    for (int i = 0; i < ncell; ++i) {
      int k = (int)((size_t)(i * 7919 + s * 104729) % ntab);
      u[i] = 0.999 * u[i] + 1e-3 * tab[k];
    }
    double c = MPI_Wtime();
    tcomm += b - a;
    tcomp += c - b;
  }
  double sum = 0;
  for (int i = 0; i < ncell; ++i) sum += u[i];
  printf("rank %d/%d steps=%d table_bytes_per_step=%zu bcast_s=%.3f compute_s=%.3f sum=%.6e\n", rank, size, nsteps,
         (size_t)ntab * sizeof(double), tcomm, tcomp, sum);
  free(tab); free(u);
  MPI_Finalize();
  return 0;
}
