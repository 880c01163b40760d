/* fleet.c: logistics, MPI delivery-fleet tracking: each worker rank updates the positions of its 60000
   vans per tick and sends them to rank 0, one MPI_Send of one double per coordinate. -DPACK sends one
   message per tick. Prints the update and transfer seconds per rank. Argument: ticks. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#define V 60000
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); int r, p; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &p);
  int T = argc > 1 ? atoi(argv[1]) : 20; static double pos[2 * V]; double tu = 0, tx = 0;
  for (int t = 0; t < T; t++) {
    double t0 = MPI_Wtime();
    for (int v = 0; v < 2 * V; v++) pos[v] = 0.999 * pos[v] + 0.001 * (v % 977) + t;
    double t1 = MPI_Wtime();
    if (r > 0) {
#ifdef PACK
      MPI_Send(pos, 2 * V, MPI_DOUBLE, 0, t, MPI_COMM_WORLD);
#else
      for (int v = 0; v < 2 * V; v++) MPI_Send(&pos[v], 1, MPI_DOUBLE, 0, t, MPI_COMM_WORLD);
#endif
    } else {
      for (int s = 1; s < p; s++) {
#ifdef PACK
        MPI_Recv(pos, 2 * V, MPI_DOUBLE, s, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
        for (int v = 0; v < 2 * V; v++) MPI_Recv(&pos[v], 1, MPI_DOUBLE, s, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
      }
    }
    tu += t1 - t0; tx += MPI_Wtime() - t1;
  }
  printf("rank %d vans %d ticks %d update %.3f s transfer %.3f s\n", r, V, T, tu, tx);
  MPI_Finalize(); return 0;
}
