/* Two MPI ranks advance equal halves of a 1-D field; after every step rank 0 alone re-checks the
 * conserved quantities of the gathered field (a serial diagnostic), then both ranks meet in an
 * MPI_Allreduce. Prints per rank the CPU time of its own work and the time spent in MPI. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double tcpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double diagnose(const double *g, int n) {
  double e = 0.0;
  for (int k = 0; k < 6; k++)
    for (int i = 1; i < n - 1; i++) e += fabs(g[i + 1] - 2.0 * g[i] + g[i - 1]) * (1.0 + 0.1 * k);
  return e;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nloc = 400000, steps = argc > 1 ? atoi(argv[1]) : 60;
  double *u = malloc(sizeof(double) * nloc), *g = NULL;
  if (rank == 0) g = malloc(sizeof(double) * nloc * size);
  for (int i = 0; i < nloc; i++) u[i] = sin(0.001 * (i + rank * nloc));
  double cw = 0, cd = 0, tm = 0, e = 0;
  for (int s = 0; s < steps; s++) {
    double c0 = tcpu();
    for (int k = 0; k < 4; k++)
      for (int i = 1; i < nloc - 1; i++) u[i] = u[i] + 0.2 * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
    cw += tcpu() - c0;
    double t0 = MPI_Wtime();
    MPI_Gather(u, nloc, MPI_DOUBLE, g, nloc, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    tm += MPI_Wtime() - t0;
    if (rank == 0) {
      c0 = tcpu();
      e = diagnose(g, nloc * size);
      cd += tcpu() - c0;
    }
    t0 = MPI_Wtime();
    double loc = u[nloc / 2], glob;
    MPI_Allreduce(&loc, &glob, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    tm += MPI_Wtime() - t0;
  }
  printf("rank %d steps=%d update_cpu_s=%.3f diagnostic_cpu_s=%.3f mpi_s=%.3f\n", rank, steps, cw, cd,
         tm);
  if (rank == 0) printf("energy=%.6e\n", e);
  MPI_Finalize();
  return 0;
}
