/* Rank 0 owns an n x 64 table and broadcasts it row by row before each sweep. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  int sweeps = argc > 2 ? atoi(argv[2]) : 20;
  int whole = argc > 3 ? atoi(argv[3]) : 0;
  double *t = malloc((size_t)n * 64 * sizeof *t), s = 0.0, tcomm = 0.0, t0 = MPI_Wtime();
  for (long k = 0; k < (long)n * 64; k++) t[k] = rank == 0 ? k * 1e-6 : 0.0;
  long msgs = 0;
  for (int w = 0; w < sweeps; w++) {
    double a = MPI_Wtime();
    if (whole) { MPI_Bcast(t, n * 64, MPI_DOUBLE, 0, MPI_COMM_WORLD); msgs++; }
    else for (int i = 0; i < n; i++) { MPI_Bcast(t + (long)i * 64, 64, MPI_DOUBLE, 0, MPI_COMM_WORLD); msgs++; }
    tcomm += MPI_Wtime() - a;
    for (long k = rank; k < (long)n * 64; k += size) s += t[k];
  }
  printf("rank=%d broadcasts=%ld bytes_per_msg=%ld comm=%.3f s total=%.3f s check=%.3e\n", rank, msgs,
         whole ? (long)n * 64 * 8 : 512L, tcomm, MPI_Wtime() - t0, s);
  MPI_Finalize();
  return 0;
}
