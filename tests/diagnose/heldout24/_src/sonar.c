/* sonar.c: MPI towed sonar array: each worker rank beamforms its hydrophone block and sends the 100000 beam powers to rank 0 one value per MPI_Send (line 27); rank 0 receives them one by one into the map; -DPACK sends the block in one message. Per-rank timing lines. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int r, p; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &p);
  int nb = argc > 1 ? atoi(argv[1]) : 100000, pings = argc > 2 ? atoi(argv[2]) : 5;
  double *pw = malloc(nb * sizeof(double)), *map = malloc((size_t)nb * p * sizeof(double));
  double tc = 0, tm = 0;
  for (int s = 0; s < pings; s++) {
    double t0 = MPI_Wtime();
    for (int b = 0; b < nb; b++) pw[b] = fabs(sin(0.001 * b * (r + 1) + s)) + 0.01 * r;
    double t1 = MPI_Wtime();
    if (r == 0) {
      for (int src = 1; src < p; src++)
#ifdef PACK
        MPI_Recv(map + (size_t)src * nb, nb, MPI_DOUBLE, src, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
        for (int b = 0; b < nb; b++) MPI_Recv(map + (size_t)src * nb + b, 1, MPI_DOUBLE, src, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
    } else {
#ifdef PACK
      MPI_Send(pw, nb, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
#else
      for (int b = 0; b < nb; b++) MPI_Send(pw + b, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
#endif
    }
    tc += t1 - t0; tm += MPI_Wtime() - t1;
  }
  printf("rank %d: beams=%d pings=%d beamform=%.3f s transfer=%.3f s\n", r, nb, pings, tc, tm);
  MPI_Finalize();
  return 0;
}
