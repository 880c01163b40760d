/* wificov.c indoor wireless planning: signal at receivers from all access points, the floor split in two halves by x, one per MPI rank; desks (receivers) crowd one half. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
  int nr = 40000, nap = 300, iters = 5;
  double *rx = malloc(nr * sizeof(double)), *ry = malloc(nr * sizeof(double));
  for (int i = 0; i < nr; i++) { double u = (i % 1000) / 1000.0; rx[i] = i < nr / 5 ? 50 * u : 50 + 50 * u; ry[i] = (i * 37 % 1000) / 10.0; }
  int lo, hi; /* receivers of this rank */
#ifdef BALANCE
  lo = (long)nr * rank / np; hi = (long)nr * (rank + 1) / np;
#else
  lo = nr; hi = 0; /* by floor area: x < 100*(rank+1)/np */
  for (int i = 0; i < nr; i++) if (rx[i] >= 100.0 * rank / np && rx[i] < 100.0 * (rank + 1) / np) { if (i < lo) lo = i; if (i + 1 > hi) hi = i + 1; }
#endif
  double comp = 0, wait = 0, best = 0;
  for (int it = 0; it < iters; it++) {
    double t0 = MPI_Wtime(), s = 0;
    for (int i = lo; i < hi; i++)
      for (int a = 0; a < nap; a++) { double dx = rx[i] - a % 20 * 5.0 - it * 0.01, dy = ry[i] - a / 20 * 6.0; s += 1.0 / (1.0 + log1p(dx * dx + dy * dy)); }
    double t1 = MPI_Wtime();
    MPI_Allreduce(&s, &best, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    comp += t1 - t0; wait += MPI_Wtime() - t1;
  }
  printf("rank %d receivers %d compute %.3f s allreduce %.3f s\n", rank, hi - lo, comp, wait);
  if (rank == 0) printf("coverage index %.4f\n", best);
  MPI_Finalize();
  return 0;
}
