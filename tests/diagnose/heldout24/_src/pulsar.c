/* pulsar.c: MPI pulsar periodicity search: candidate frequencies dealt to ranks in contiguous blocks; candidate i sums 1 + 48*i/n harmonics (high frequencies cost more), so the last rank has most of the work; one MPI_Allreduce of the best power per step; per-rank lines; -DCYCLIC deals candidates round robin. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int r, p; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &p);
  int n = argc > 1 ? atoi(argv[1]) : 3000, steps = argc > 2 ? atoi(argv[2]) : 3, ns = 256;
  double *sig = malloc(ns * sizeof(double));
  for (int i = 0; i < ns; i++) sig[i] = sin(0.37 * i) + 0.3 * cos(1.9 * i);
  double comp = 0, comm = 0, best = 0; long harm = 0; int mine = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = MPI_Wtime(), b = 0;
    for (int i = 0; i < n; i++) {
#ifdef CYCLIC
      if (i % p != r) continue;
#else
      if (i < (long)r * n / p || i >= (long)(r + 1) * n / p) continue;
#endif
      int nh = 1 + 48 * i / n; double pw = 0;
      for (int h = 1; h <= nh; h++) { double re = 0, f = 0.001 * (i + 1) * h; for (int j = 0; j < ns; j++) re += sig[j] * cos(f * j); pw += re * re; }
      if (pw > b) b = pw;
      harm += nh; if (s == 0) mine++;
    }
    double t1 = MPI_Wtime();
    MPI_Allreduce(&b, &best, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    comp += t1 - t0; comm += MPI_Wtime() - t1;
  }
  printf("rank %d: candidates=%d harmonics=%ld compute=%.3f s allreduce=%.3f s best=%.4e\n", r, mine, harm, comp, comm, best);
  MPI_Finalize();
  return 0;
}
