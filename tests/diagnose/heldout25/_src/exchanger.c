/* Shell-and-tube heat exchanger: serial shell-side march (each baffle depends on the previous), then an OpenMP tube-wall update; phase times printed. -DNOMARCH skips the march. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
int main(int argc, char **argv) {
  int nb = argc > 1 ? atoi(argv[1]) : 6000000, nt = argc > 2 ? atoi(argv[2]) : 4000, steps = argc > 3 ? atoi(argv[3]) : 3;
  double *shell = malloc(nb * sizeof *shell), *wall = calloc((size_t)nt * 400, sizeof *wall);
  double tm = 0, tp = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = omp_get_wtime();
#ifndef NOMARCH
    shell[0] = 420.0;
    for (int b = 1; b < nb; b++)
      shell[b] = shell[b - 1] - 1e-6 * (shell[b - 1] - 300.0) * exp(-1e-7 * b) + 1e-9 * sin(b * 1e-3);
#else
    shell[nb - 1] = 300.0;
#endif
    double t1 = omp_get_wtime();
    #pragma omp parallel for schedule(static)
    for (int t = 0; t < nt; t++)
      for (int k = 0; k < 400; k++) {
        double w = wall[(size_t)t * 400 + k];
        wall[(size_t)t * 400 + k] = w + 0.1 * (shell[nb - 1] + 5.0 * sin(0.01 * k + t) - w) * exp(-1e-4 * k);
      }
    double t2 = omp_get_wtime();
    tm += t1 - t0; tp += t2 - t1;
  }
  printf("exchanger threads=%d baffles=%d tubes=%d  shell march %.3f s  tube update %.3f s  total %.3f s  wall[5]=%.4f\n", omp_get_max_threads(), nb, nt, tm, tp, tm + tp, wall[5]);
  return 0;
}
