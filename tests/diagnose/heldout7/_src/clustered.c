/* Particles in [0,1) split into equal-width slabs, one per MPI rank; the particles cluster near x = 0.2. Each rank
   computes short-range pair forces among its own particles, then all ranks agree on the step's energy. */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
static double urand(unsigned *s) { *s = *s * 1664525u + 1013904223u; return (*s >> 8) / 16777216.0; }
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int ntot = argc > 1 ? atoi(argv[1]) : 12000, steps = argc > 2 ? atoi(argv[2]) : 10;
  double *x = malloc(sizeof(double) * ntot); int n = 0; unsigned seed = 12345;
  for (int i = 0; i < ntot; i++) {
    double u = urand(&seed), v = urand(&seed);
    double p = 0.2 + 0.08 * sqrt(-2 * log(u + 1e-12)) * cos(6.283185307 * v);  /* clustered around 0.2 */
    p = p - floor(p);
    if ((int)(p * size) == rank) x[n++] = p;
  }
  double tc = 0, tw = 0, e = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = MPI_Wtime(), el = 0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        double d = x[i] - x[j] + 1e-3;
        el += 1.0 / (d * d + 1e-4);
      }
    double t1 = MPI_Wtime();
    MPI_Allreduce(&el, &e, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    tc += t1 - t0; tw += MPI_Wtime() - t1;
  }
  printf("rank %d: particles %d  compute %.3f s  allreduce %.3f s\n", rank, n, tc, tw);
  if (rank == 0) printf("energy %.6e\n", e);
  MPI_Finalize();
  return 0;
}
