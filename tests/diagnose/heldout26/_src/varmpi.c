/* varmpi.c: finance, MPI Monte Carlo value-at-risk: scenarios are split in contiguous blocks per rank,
   scenario i simulates a path of 50 + 400 i / n daily steps (longer horizons last), one MPI_Allreduce
   of the loss histogram per batch. -DCYCLIC deals the scenarios round robin. Prints one line per rank. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); int r, p; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &p);
  int n = argc > 1 ? atoi(argv[1]) : 6000, batches = 20; double hist[64] = {0}, all[64];
  double tc = 0, tw = 0; long steps = 0;
  for (int bt = 0; bt < batches; bt++) {
    double t0 = MPI_Wtime();
    for (int k = 0; k < n / batches; k++) {
      int i = bt * (n / batches) + k;
#ifdef CYCLIC
      if (i % p != r) continue;
#else
      if (i / ((n + p - 1) / p) != r) continue;
#endif
      int len = 50 + 400 * i / n; double v = 100; unsigned s = 977 * i + 1;
      for (int d = 0; d < len; d++) for (int q = 0; q < 200; q++) { s = s * 1664525u + 1013904223u; v *= 1 + 1e-4 * ((double)(s >> 8) / 16777216.0 - 0.5); }
      steps += len; int b = (int)((100 - v) * 4 + 32); hist[b < 0 ? 0 : b > 63 ? 63 : b] += 1;
    }
    double t1 = MPI_Wtime();
    MPI_Allreduce(hist, all, 64, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    tc += t1 - t0; tw += MPI_Wtime() - t1;
  }
  printf("rank %d  path-days %ld  simulate %.3f s  allreduce %.3f s\n", r, steps, tc, tw);
  if (r == 0) { double c = 0; int b = 0; for (b = 63; b >= 0 && c < 0.01 * n * batches / batches; b--) c += all[b]; printf("VaR99 bucket %d\n", b); }
  MPI_Finalize(); return 0;
}
