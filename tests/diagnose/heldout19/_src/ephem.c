/* Ephemeris evaluation: each body's position from a Chebyshev series by Clenshaw's recurrence,
   a time loop of epochs with one OpenMP parallel loop over the bodies per epoch (work in registers).
   Prints threads, epochs, seconds and ns per body-epoch. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define DEG 24
int main(int argc, char **argv) {
  int nb = argc > 1 ? atoi(argv[1]) : 4000, ne = argc > 2 ? atoi(argv[2]) : 200;
  double *c = malloc((size_t)nb * DEG * sizeof *c), *pos = calloc(nb, sizeof *pos);
  for (long i = 0; i < (long)nb * DEG; i++) c[i] = 1.0 / (1 + i % DEG);
  double t0 = omp_get_wtime();
  for (int e = 0; e < ne; e++) {
    double x = -1.0 + 2.0 * e / ne;
#pragma omp parallel for schedule(static)
    for (int b = 0; b < nb; b++) {
      const double *cb = c + (long)b * DEG;
      double b1 = 0.0, b2 = 0.0;
      for (int r = 0; r < 20; r++) {
        double y = x + 1e-3 * r;
        b1 = 0.0; b2 = 0.0;
        for (int k = DEG - 1; k > 0; k--) { double t = 2.0 * y * b1 - b2 + cb[k]; b2 = b1; b1 = t; }
        pos[b] += y * b1 - b2 + cb[0];
      }
    }
  }
  double sec = omp_get_wtime() - t0;
  printf("threads=%d bodies=%d epochs=%d seconds=%.4f ns_per_body_epoch=%.1f check=%.6e\n", omp_get_max_threads(), nb, ne, sec, 1e9 * sec / ((double)nb * ne), pos[nb / 2]);
  return 0;
}
