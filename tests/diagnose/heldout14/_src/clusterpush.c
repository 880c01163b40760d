/* clusterpush: MPI Barnes-like softened-gravity push of a clustered particle cloud decomposed
   into equal-width slabs in x. 85% of the particles sit in the cluster, which lies in rank 0's
   slab; every step each rank pushes its particles against 64 fixed attractors and the total
   energy is summed with MPI_Allreduce. Usage: clusterpush ntotal steps.
   Prints per-rank particles, push time and MPI_Allreduce time. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long ntot = argc > 1 ? atol(argv[1]) : 200000;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  double ax[64], ay[64];
  for (int k = 0; k < 64; k++) { ax[k] = (k + 0.5) / 64; ay[k] = 0.5 + 0.3 * sin(k); }
  /* every rank draws the same cloud and keeps the particles inside its slab */
  double lo = (double)rank / size, hi = (double)(rank + 1) / size;
  double *x = malloc(ntot * sizeof *x), *y = malloc(ntot * sizeof *y), *vx = calloc(ntot, sizeof *vx), *vy = calloc(ntot, sizeof *vy);
  long np = 0;
  unsigned long long s = 99;
  for (long i = 0; i < ntot; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    double u = (s >> 11) * (1.0 / 9007199254740992.0);
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    double v = (s >> 11) * (1.0 / 9007199254740992.0);
    double px = (i % 100 < 85) ? 0.1 + 0.3 * u : u, py = v;
    if (px >= lo && px < hi) { x[np] = px; y[np] = py; np++; }
  }
  double tp = 0, ta = 0, etot = 0;
  for (int st = 0; st < steps; st++) {
    double t0 = MPI_Wtime(), e = 0;
    for (long i = 0; i < np; i++) {
      double fx = 0, fy = 0;
      for (int k = 0; k < 64; k++) {
        double dx = ax[k] - x[i], dy = ay[k] - y[i], r2 = dx * dx + dy * dy + 1e-3, inv = 1.0 / (r2 * sqrt(r2));
        fx += dx * inv; fy += dy * inv; e -= sqrt(r2) * 1e-6;
      }
      vx[i] += 1e-9 * fx; vy[i] += 1e-9 * fy;
      e += 0.5 * (vx[i] * vx[i] + vy[i] * vy[i]);
    }
    double t1 = MPI_Wtime();
    MPI_Allreduce(&e, &etot, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    tp += t1 - t0; ta += MPI_Wtime() - t1;
  }
  for (int r = 0; r < size; r++) {
    if (r == rank) printf("rank %d: slab [%.2f,%.2f) %ld particles, push %.3f s, MPI_Allreduce %.3f s\n", rank, lo, hi, np, tp, ta);
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0) printf("energy %.6e after %d steps\n", etot, steps);
  MPI_Finalize();
  return 0;
}
