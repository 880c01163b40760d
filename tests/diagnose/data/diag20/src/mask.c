/* Rows of a field: "ocean" rows are costly, "land" rows cheap. mode 0: the ocean rows are the
   first half, so schedule(static) hands one thread all the work (imbalance by data). mode 1:
   rows alternate (balanced), but a library's setup calls omp_set_num_threads(1) before the
   loop, after a first region had started the thread pool (threads lowered). Each thread prints
   its own CPU time inside the region. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <omp.h>
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec; }
static void lib_setup(void) { omp_set_num_threads(1); }
int main(int argc, char **argv) {
  int mode = argc > 1 ? atoi(argv[1]) : 0, rows = 400, cols = 5000;
  double *f = malloc(sizeof(double) * rows * cols), sum = 0;
#pragma omp parallel for
  for (int i = 0; i < rows * cols; i++) f[i] = 1e-3 * (i % 97);
  if (mode == 1) lib_setup();
  double t0 = omp_get_wtime();
#pragma omp parallel reduction(+:sum)
  {
    double c0 = tcpu();
#pragma omp for schedule(static)
    for (int r = 0; r < rows; r++) {
      int ocean = mode == 0 ? r < rows / 2 : r % 2 == 0;
      int reps = ocean ? 60 : 0;
      for (int k = 0; k <= reps; k++)
        for (int c = 0; c < cols; c++) sum += sin(f[(long)r * cols + c] + k);
    }
    printf("thread %d busy %.3f s\n", omp_get_thread_num(), tcpu() - c0);
  }
  printf("threads=%d time=%.3f s sum=%.3f\n", omp_get_max_threads(), omp_get_wtime() - t0, sum);
  return 0;
}
