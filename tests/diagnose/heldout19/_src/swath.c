/* Satellite swath regridding: each output row resamples the scan lines that reach it; rows near the
   swath edge (high row index) gather from many more lines. OpenMP schedule(static) over rows.
   Prints one line per thread (rows, samples gathered, busy seconds, wait at the loop end), then the total. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 2000, reps = argc > 2 ? atoi(argv[2]) : 3;
  double *grid = calloc(rows, sizeof *grid);
  double busy[64] = {0}, wait[64] = {0}; long samples[64] = {0}; int nrow[64] = {0};
  double t0 = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel
    {
      int me = omp_get_thread_num();
      double b0 = omp_get_wtime();
#pragma omp for schedule(static) nowait
      for (int i = 0; i < rows; i++) {
        int lines = 1 + (int)(40000.0 * ((double)i / rows) * ((double)i / rows) * ((double)i / rows));
        double acc = 0.0;
        for (int l = 0; l < lines; l++) acc += 1.0 / (1.0 + 0.001 * l + 0.0001 * i);
        grid[i] = acc; samples[me] += lines; nrow[me]++;
      }
      double b1 = omp_get_wtime();
#pragma omp barrier
      busy[me] += b1 - b0; wait[me] += omp_get_wtime() - b1;
    }
  }
  double sec = omp_get_wtime() - t0;
  printf("%6s %6s %12s %8s %8s\n", "thread", "rows", "samples", "busy_s", "wait_s");
  for (int t = 0; t < omp_get_max_threads(); t++) printf("%6d %6d %12ld %8.3f %8.3f\n", t, nrow[t], samples[t], busy[t], wait[t]);
  printf("threads=%d rows=%d reps=%d seconds=%.4f check=%.6e\n", omp_get_max_threads(), rows, reps, sec, grid[rows - 1]);
  return 0;
}
