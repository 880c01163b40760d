/* Two ranks swap 64 MB buffers with MPI_Sendrecv, little compute in between, repeated. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = argc > 1 ? atol(argv[1]) : 8000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 30;
  double *s = malloc(n * sizeof *s), *r = malloc(n * sizeof *r);
  for (long i = 0; i < n; i++) s[i] = rank + i * 1e-9;
  int peer = rank ^ 1;
  double comp = 0, comm = 0, t0 = MPI_Wtime();
  for (int k = 0; k < reps; k++) {
    double a = MPI_Wtime();
    s[k] += 1.0;
    double b = MPI_Wtime();
    MPI_Sendrecv(s, n, MPI_DOUBLE, peer, 0, r, n, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    comm += MPI_Wtime() - b; comp += b - a;
  }
  double t = MPI_Wtime() - t0;
  printf("rank %d bytes_per_message %ld compute %.4f s mpi %.3f s total %.3f s "
         "bandwidth %.2f GB/s\n", rank, n * 8, comp, comm, t, 8.0 * n * reps / comm / 1e9);
  MPI_Finalize();
  return 0;
}
