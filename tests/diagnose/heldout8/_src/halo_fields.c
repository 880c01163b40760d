/* 1-D domain split over MPI ranks; each rank carries 40 physical fields; every step each
   field's one-cell halo is exchanged with each neighbour in its own MPI_Sendrecv. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#define NF 40
#define NL 2000
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int steps = argc > 1 ? atoi(argv[1]) : 1500;
  static double f[NF][NL + 2], g[NF][NL + 2];
  for (int q = 0; q < NF; q++) for (int i = 0; i <= NL + 1; i++) f[q][i] = rank + 0.001 * q + 1e-6 * i;
  int left = (rank - 1 + size) % size, right = (rank + 1) % size;
  double tcomm = 0, tcomp = 0, t0 = MPI_Wtime();
  for (int s = 0; s < steps; s++) {
    double a = MPI_Wtime();
#ifdef PACKED
    double sl[NF], sr[NF], rl[NF], rr[NF];
    for (int q = 0; q < NF; q++) { sl[q] = f[q][1]; sr[q] = f[q][NL]; }
    MPI_Sendrecv(sr, NF, MPI_DOUBLE, right, 0, rl, NF, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(sl, NF, MPI_DOUBLE, left, 1, rr, NF, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int q = 0; q < NF; q++) { f[q][0] = rl[q]; f[q][NL + 1] = rr[q]; }
#else
    for (int q = 0; q < NF; q++) {
      MPI_Sendrecv(&f[q][NL], 1, MPI_DOUBLE, right, q, &f[q][0], 1, MPI_DOUBLE, left, q, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Sendrecv(&f[q][1], 1, MPI_DOUBLE, left, NF + q, &f[q][NL + 1], 1, MPI_DOUBLE, right, NF + q, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
#endif
    double b = MPI_Wtime();
    for (int q = 0; q < NF; q++) for (int i = 1; i <= NL; i++) g[q][i] = f[q][i] + 0.1 * (f[q][i - 1] - 2 * f[q][i] + f[q][i + 1]);
    for (int q = 0; q < NF; q++) for (int i = 1; i <= NL; i++) f[q][i] = g[q][i];
    tcomm += b - a; tcomp += MPI_Wtime() - b;
  }
  double tot = MPI_Wtime() - t0, mx[2], loc[2] = {tcomm, tcomp};
  MPI_Reduce(loc, mx, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  printf("rank %d: halo_time=%.3f s compute_time=%.3f s messages=%d\n", rank, tcomm, tcomp, steps * NF * 2);
  if (rank == 0) printf("ranks=%d fields=%d steps=%d total_time=%.3f s f[0][1]=%.9f\n", size, NF, steps, tot, f[0][1]);
  MPI_Finalize();
  return 0;
}
