/* Pairwise interaction energy over i<j, rows split into equal contiguous blocks per rank. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? atoi(argv[1]) : 12000;
  int cyclic = argc > 2 ? atoi(argv[2]) : 0;
  double *x = malloc(n * sizeof *x);
  for (int i = 0; i < n; i++) x[i] = sin(i * 0.37) * 10.0;
  double t0 = MPI_Wtime(), e = 0.0;
  long pairs = 0;
  int lo = (long)n * rank / size, hi = (long)n * (rank + 1) / size;
  for (int i = cyclic ? rank : lo; i < (cyclic ? n : hi); i += cyclic ? size : 1)
    for (int j = i + 1; j < n; j++) { double d = x[i] - x[j]; e += 1.0 / (1.0 + d * d); pairs++; }
  double tc = MPI_Wtime() - t0, tot;
  MPI_Allreduce(&e, &tot, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double tw = MPI_Wtime() - t0 - tc;
  printf("rank %d: pairs=%ld compute=%.3f s allreduce_wait=%.3f s\n", rank, pairs, tc, tw);
  if (rank == 0) printf("energy=%.6f total=%.3f s\n", tot, MPI_Wtime() - t0);
  MPI_Finalize();
  return 0;
}
