/* Sediment transport: Exner bed update on a river reach, many short OpenMP time steps (one parallel for per step over 20000 nodes). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000, steps = argc > 2 ? atoi(argv[2]) : 4000;
  double *z = malloc(n * sizeof *z), *zn = malloc(n * sizeof *zn);
  for (int i = 0; i < n; i++) z[i] = 0.001 * (n - i) + 0.01 * sin(i * 0.1);
  double t0 = omp_get_wtime();
  for (int s = 0; s < steps; s++) {
    #pragma omp parallel for
    for (int i = 1; i < n - 1; i++) {
      double qs_r = pow(fmax(z[i] - z[i + 1], 0), 1.5), qs_l = pow(fmax(z[i - 1] - z[i], 0), 1.5);
      zn[i] = z[i] - 0.2 * (qs_r - qs_l);
    }
    double *t = z; z = zn; zn = t; z[0] = zn[0]; z[n - 1] = zn[n - 1];
  }
  double t = omp_get_wtime() - t0;
  printf("sediment threads=%d nodes=%d steps=%d  %.3f s  %.1f us/step  bed[100]=%.6f\n", omp_get_max_threads(), n, steps, t, 1e6 * t / steps, z[100]);
  return 0;
}
