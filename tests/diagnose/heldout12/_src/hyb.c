/* Hybrid MPI + OpenMP relaxation: the N cells (first argument) are split equally between the ranks;
   each rank's cells are relaxed in nsteps OpenMP steps (an implicit
   barrier per step), then an MPI_Allreduce of the residual. Prints its layout and per-rank times. */
#define _GNU_SOURCE
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int ntot = argc > 1 ? atoi(argv[1]) : 2000000;
  int n = ntot / size;
  int nsteps = argc > 2 ? atoi(argv[2]) : 200;
  double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
  for (int i = 0; i < n; ++i) u[i] = v[i] = sin(0.001 * i + rank);
  int cpus[64] = {0};
  double t0 = MPI_Wtime(), res = 0.0;
  struct timespec c0, c1;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
  for (int s = 0; s < nsteps; ++s) {
    double r = 0.0;
#pragma omp parallel reduction(+ : r)
    {
      int t = omp_get_thread_num();
      if (t < 64) cpus[t] = sched_getcpu();
#pragma omp for schedule(static)
      for (int i = 1; i < n - 1; ++i) {
        double nv = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]) + 1e-3 * sqrt(fabs(u[i]));
        r += fabs(nv - u[i]);
        v[i] = nv;
      }
    }
    double *tmp = u; u = v; v = tmp;
    MPI_Allreduce(&r, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
  double wall = MPI_Wtime() - t0;
  double cpu = (c1.tv_sec - c0.tv_sec) + 1e-9 * (c1.tv_nsec - c0.tv_nsec);
  int nt = omp_get_max_threads();
  printf("rank %d/%d online_cpus=%ld threads=%d omp_procs=%d cells=%d steps=%d wall_s=%.3f cpu_s=%.3f us_per_step=%.1f last_cpus=", rank,
         size, sysconf(_SC_NPROCESSORS_ONLN), nt, omp_get_num_procs(), n, nsteps, wall, cpu, 1e6 * wall / nsteps);
  for (int t = 0; t < nt && t < 64; ++t) printf("%s%d", t ? "," : "", cpus[t]);
  printf(" residual=%.6e\n", res);
  free(u); free(v);
  MPI_Finalize();
  return 0;
}
