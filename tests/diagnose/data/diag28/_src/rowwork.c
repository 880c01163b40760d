/* rows split equally between ranks; the work of row i grows with i, so the last rank works most */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double cpu_s(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int rows = argc > 1 ? atoi(argv[1]) : 2000, steps = argc > 2 ? atoi(argv[2]) : 4;
  int lo = rank * rows / size, hi = (rank + 1) * rows / size;
  double work = 0.0, wait = 0.0, acc = 0.0; long cells = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = cpu_s();
    for (int i = lo; i < hi; i++) {
      int len = (int)((double)i * i / rows);  /* row i holds ~i^2/rows cells */
      for (int j = 0; j < len; j++) acc += sqrt((double)(i + j + s)); cells += len;
    }
    double t1 = MPI_Wtime(); work += cpu_s() - t0;
    double g; MPI_Allreduce(&acc, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    wait += MPI_Wtime() - t1;
  }
  printf("rank %d: rows %d-%d cells=%ld work_cpu=%.3f s allreduce=%.3f s\n", rank, lo, hi - 1, cells, work, wait);
  MPI_Finalize();
  return 0;
}
