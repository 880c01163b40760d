/* Rows of a field split into contiguous bands, one per rank; the cost of a row grows with its
 * index, so the last rank works longest and the others wait in the final reduction. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int rows = argc > 1 ? atoi(argv[1]) : 600;
  double t0 = MPI_Wtime(), s = 0;
  for (int r = rank * rows / size; r < (rank + 1) * rows / size; r++)
    for (long k = 0; k < 2000L * r; k++) s += sin(k * 1e-3 + r);
  double t1 = MPI_Wtime(), tot = 0;
  MPI_Reduce(&s, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("rows=%d ranks=%d time=%.3f s sum=%.3f\n", rows, size, MPI_Wtime() - t0, tot);
  MPI_Finalize();
  (void)t1;
  return 0;
}
