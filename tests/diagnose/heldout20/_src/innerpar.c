/* innerpar: OpenMP implicit line relaxation; a parallel region is opened around each short inner loop
   (one per row and sweep), so the team starts and joins tens of thousands of times. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 400;
  int sweeps = argc > 2 ? atoi(argv[2]) : 100;
  double *u = calloc((size_t)n * n, sizeof(double));
  for (int i = 0; i < n; i++) u[i] = 1.0;
  long regions = 0;
  double t0 = omp_get_wtime();
  for (int s = 0; s < sweeps; s++)
    for (int r = 1; r < n - 1; r++) {
      regions++;
#pragma omp parallel for
      for (int c = 1; c < n - 1; c++)
        u[(size_t)r * n + c] = 0.25 * (u[(size_t)(r - 1) * n + c] + u[(size_t)(r + 1) * n + c] + u[(size_t)r * n + c - 1] + u[(size_t)r * n + c + 1]);
    }
  double t = omp_get_wtime() - t0;
  printf("threads=%d n=%d sweeps=%d parallel_regions=%ld seconds=%.4f us_per_region=%.3f\n", omp_get_max_threads(), n, sweeps, regions, t, 1e6 * t / regions, u[(size_t)n * n / 2]);
  return 0;
}
