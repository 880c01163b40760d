/* A distributed transpose: each rank packs its rows and swaps them with MPI_Alltoall twice a
   step; the ranks do equal work, so the time in MPI is moving the data, not waiting. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? atoi(argv[1]) : 1024, steps = argc > 2 ? atoi(argv[2]) : 10;
  int rows = n / size;
  double *a = malloc(sizeof(double) * rows * n), *b = malloc(sizeof(double) * rows * n), s = 0;
  for (long i = 0; i < (long)rows * n; i++) a[i] = (double)(i % 97) + rank;
  double tc = 0, tm = 0;
  for (int t = 0; t < steps; t++) {
    double t0 = MPI_Wtime();
    for (long i = 0; i < (long)rows * n; i++) a[i] = 0.5 * a[i] + 1.0;
    double t1 = MPI_Wtime();
    for (int k = 0; k < 2; k++)
      MPI_Alltoall(a, rows * rows, MPI_DOUBLE, b, rows * rows, MPI_DOUBLE, MPI_COMM_WORLD);
    tm += MPI_Wtime() - t1;
    tc += t1 - t0;
  }
  for (long i = 0; i < (long)rows * n; i += 17) s += b[i];
  printf("rank %d: rows %d, compute+pack %.3f s, 2 x MPI_Alltoall %.3f s (%.1f MB sent per call, "
         "%d steps), check %.4e\n", rank, rows, tc, tm, 8.0 * rows * n / 1e6, steps, s);
  free(a); free(b);
  MPI_Finalize();
  return 0;
}
