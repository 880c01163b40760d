/* MPI particle relaxation with a slab decomposition: x in [0,1) is cut into equal slabs, one per
   rank; every particle interacts with the 32 particles next to it in its rank's list. The initial
   plume sits near x = 0.2. Each step ends with an MPI_Allreduce of the energy. Prints per-rank
   particle counts, compute time and time in the reduction. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int ntot = argc > 1 ? atoi(argv[1]) : 40000;
  int nsteps = argc > 2 ? atoi(argv[2]) : 20;
  double *x = malloc(ntot * sizeof *x);
  int nloc = 0;
  unsigned s = 12345u;
  for (int p = 0; p < ntot; ++p) {
    double u1 = (s = s * 1103515245u + 12345u) / 4294967296.0;
    double u2 = (s = s * 1103515245u + 12345u) / 4294967296.0;
    double g = sqrt(-2.0 * log(u1 + 1e-12)) * cos(6.283185307 * u2);
    double xp = 0.2 + 0.08 * g;
    xp -= floor(xp);
    int owner = (int)(xp * size);
    if (owner == rank) x[nloc++] = xp;
  }
  double tcomp = 0, twait = 0, etot = 0;
  for (int st = 0; st < nsteps; ++st) {
    double a = MPI_Wtime(), e = 0;
    for (int p = 0; p < nloc; ++p)
      for (int q = p + 1; q < nloc && q <= p + 32; ++q) {
        double d = fabs(x[q] - x[p]) + 1e-3;
        e += 1.0 / (d * d) - 2.0 / d;
      }
    double b = MPI_Wtime();
    MPI_Allreduce(&e, &etot, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double c = MPI_Wtime();
    tcomp += b - a;
    twait += c - b;
  }
  printf("rank %d/%d particles=%d steps=%d compute_s=%.3f allreduce_s=%.3f energy=%.6e\n", rank, size, nloc, nsteps,
         tcomp, twait, etot);
  free(x);
  MPI_Finalize();
  return 0;
}
