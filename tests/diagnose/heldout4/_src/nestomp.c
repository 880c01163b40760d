/* Two independent sub-domains, each updated by its own inner team (nested parallelism). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define M 20000
static double u[2][M];

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 3000;
  int inner = argc > 2 ? atoi(argv[2]) : 4;
  double t0 = omp_get_wtime();
#pragma omp parallel num_threads(2)
  {
    int d = omp_get_thread_num();
    for (int s = 0; s < steps; s++) {
#pragma omp parallel for num_threads(inner) schedule(static)
      for (int i = 1; i < M - 1; i++) u[d][i] = 0.5 * u[d][i] + 0.25 * (u[d][i - 1] + u[d][i + 1]) + 1e-6;
    }
  }
  printf("domains=2 inner_threads=%d active_levels=%d steps=%d u=%.6f wall=%.3f s\n", inner, omp_get_max_active_levels(), steps, u[0][M / 2] + u[1][M / 3], omp_get_wtime() - t0);
  return 0;
}
