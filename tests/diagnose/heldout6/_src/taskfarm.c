/* Master/worker farm: rank 0 hands out one task index at a time, workers return one result each. */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
static double task(long k) { double s = 0; for (int i = 1; i <= 20; i++) s += sin(k * 1e-3 + i); return s; }
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  long ntask = argc > 1 ? atol(argv[1]) : 200000;
  double t0 = MPI_Wtime(), comp = 0, sum = 0;
  long done = 0;
  if (rank == 0) {
    long next = 0; int active = size - 1; MPI_Status st; double r;
    for (int w = 1; w < size; w++) { MPI_Send(&next, 1, MPI_LONG, w, 0, MPI_COMM_WORLD); next++; }
    while (active > 0) {
      MPI_Recv(&r, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
      sum += r; done++;
      long k = next < ntask ? next++ : -1;
      if (k < 0) active--;
      MPI_Send(&k, 1, MPI_LONG, st.MPI_SOURCE, 0, MPI_COMM_WORLD);
    }
  } else {
    for (;;) {
      long k; MPI_Recv(&k, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (k < 0) break;
      double c = MPI_Wtime(); double r = task(k); comp += MPI_Wtime() - c; done++;
      MPI_Send(&r, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    }
  }
  double t = MPI_Wtime() - t0;
  printf("rank %d: tasks=%ld total=%.3f s compute=%.3f s (%.0f%%)\n", rank, done, t, comp, 100 * comp / t);
  if (rank == 0) printf("sum=%.6f tasks/s=%.0f\n", sum, ntask / t);
  MPI_Finalize();
  return 0;
}
