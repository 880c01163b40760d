/* Plate tectonics MPI: mantle-stress relaxation on a 1D fault split evenly across ranks, but each step rank 0 alone also computes the whole-fault Coulomb stress diagnostic before the MPI_Bcast; per-rank times printed. -DSPLITDIAG shares the diagnostic. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); int r, p; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &p);
  int n = 400000, steps = argc > 1 ? atoi(argv[1]) : 30, m = n / p;
  double *s = malloc(m * sizeof *s), comp = 0, diag = 0, wait = 0, cfs = 0;
  for (int i = 0; i < m; i++) s[i] = sin(0.001 * (i + r * m));
  for (int t = 0; t < steps; t++) {
    double t0 = MPI_Wtime();
    for (int i = 1; i < m - 1; i++) s[i] = s[i] + 0.1 * (s[i - 1] - 2 * s[i] + s[i + 1]) + 1e-6 * cos(s[i]);
    double t1 = MPI_Wtime(), c = 0;
#ifdef SPLITDIAG
    for (int i = 0; i < n / p; i++) c += 0.6 * fabs(sin(s[i % m] + i * 1e-5)) * exp(-1e-6 * i);
#else
    if (r == 0) for (int i = 0; i < n; i++) c += 0.6 * fabs(sin(s[i % m] + i * 1e-5)) * exp(-1e-6 * i);
#endif
    double t2 = MPI_Wtime();
#ifdef SPLITDIAG
    MPI_Allreduce(MPI_IN_PLACE, &c, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#else
    MPI_Bcast(&c, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
#endif
    double t3 = MPI_Wtime(); cfs = c;
    comp += t1 - t0; diag += t2 - t1; wait += t3 - t2;
  }
  printf("rank %d of %d: cells %d  relax %.3f s  diagnostic %.3f s  bcast/wait %.3f s  CFS %.5e\n", r, p, m, comp, diag, wait, cfs);
  MPI_Finalize(); return 0;
}
