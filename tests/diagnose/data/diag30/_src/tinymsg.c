/* Particles that leave a rank are sent one message each (48 bytes) instead of in one batch. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
typedef struct { double x, y, z, vx, vy, vz; } part;
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? atoi(argv[1]) : 20000, steps = argc > 2 ? atoi(argv[2]) : 10;
  int other = (rank + 1) % size;
  part p = {0, 0, 0, 1, 1, 1}, q;
  long sent = 0;
  double tc = 0, tx = 0, e = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = MPI_Wtime();
    for (long i = 0; i < (long)n * 200; i++) e += 1e-9 * (double)(i % 13);
    double t1 = MPI_Wtime();
    for (int i = 0; i < n; i++) {
      MPI_Sendrecv(&p, sizeof p, MPI_BYTE, other, 0, &q, sizeof q, MPI_BYTE, other, 0,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      sent++;
    }
    tx += MPI_Wtime() - t1;
    tc += t1 - t0;
  }
  printf("rank %d: %d particles, push %.3f s, exchange %.3f s, %ld messages sent (%ld bytes, "
         "%d B/message), e=%.3f\n", rank, n, tc, tx, sent, sent * (long)sizeof p, (int)sizeof p, e + q.vx);
  MPI_Finalize();
  return 0;
}
