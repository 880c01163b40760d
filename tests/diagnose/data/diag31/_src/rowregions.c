/* A relaxation whose OpenMP parallel loop is the short inner loop over one row: a region is
 * opened for every row of every step, around a few hundred nanoseconds of work. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 64, ny = argc > 2 ? atoi(argv[2]) : 200;
  int steps = argc > 3 ? atoi(argv[3]) : 50;
  double *u = calloc((size_t)nx * ny, sizeof *u), *v = calloc((size_t)nx * ny, sizeof *v);
  for (int i = 0; i < nx * ny; i++) u[i] = (i % 13) * 0.1;
  double t0 = omp_get_wtime();
  for (int s = 0; s < steps; s++) {
    for (int j = 1; j < ny - 1; j++) {
#pragma omp parallel for
      for (int i = 1; i < nx - 1; i++)
        v[j * nx + i] = 0.25 * (u[j * nx + i - 1] + u[j * nx + i + 1] + u[(j - 1) * nx + i] +
                                u[(j + 1) * nx + i]);
    }
    double *t = u; u = v; v = t;
  }
  double el = omp_get_wtime() - t0;
  printf("threads=%d regions=%d seconds=%.3f us/region=%.3f u=%.6f\n", omp_get_max_threads(),
         steps * (ny - 2), el, 1e6 * el / (steps * (ny - 2)), u[nx + 1]);
  return 0;
}
