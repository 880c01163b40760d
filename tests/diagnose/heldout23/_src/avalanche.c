/* avalanche.c: snow-slab stability on a slope grid split in row blocks over MPI ranks; loaded cornice rows at the top. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
#define NR 4000
#define NCOL 400
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int steps = argc > 1 ? atoi(argv[1]) : 8;
  int every = argc > 2 ? atoi(argv[2]) : 0;    /* also agree on the failure count every so many rows (0: once per step) */
  int nloc = 0, unstable = 0; int rows[NR];
  for (int r = 0; r < NR; r++) {
#ifdef CYCLIC
    if (r % size == rank) rows[nloc++] = r;
#else
    if (r / (NR / size) == rank) rows[nloc++] = r;
#endif
  }
  for (int i = 0; i < nloc; i++) if (rows[i] < NR / 4) unstable += NCOL;
  double tc = 0, tw = 0, fail = 0;
  for (int s = 0; s < steps; s++) {
    double a = MPI_Wtime(), loc = 0;
    for (int i = 0; i < nloc; i++) {
      int r = rows[i];
      int iters = r < NR / 4 ? 60 : 2;        /* cornice rows: iterative shear-strength solve */
      for (int c = 0; c < NCOL; c++) {
        double tau = 1.0 + 1e-3 * c + 1e-4 * r, st = 0.5;
        for (int k = 0; k < iters; k++) st = st + 0.1 * (tau / (1.0 + st) - 0.2 * st);
        loc += st > 1.0;
      }
      if (every && i % every == 0) { double g2; MPI_Allreduce(&loc, &g2, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD); }
    }
    double b = MPI_Wtime(), glob;
    MPI_Allreduce(&loc, &glob, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    tc += b - a; tw += MPI_Wtime() - b; fail = glob;
  }
  printf("rank %d rows %d cornice_cells %d  compute %.3f s  allreduce %.3f s  failed %.0f\n", rank, nloc, unstable, tc, tw, fail);
  MPI_Finalize();
  return 0;
}
