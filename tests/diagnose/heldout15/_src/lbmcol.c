/* OpenMP BGK collision of a D2Q9 lattice (cells x 9 populations, equal work per cell), one parallel
 * loop per step (an implied barrier per step). Prints the team size and, per repetition, the time
 * and million lattice updates per second. Usage: lbmcol CELLS STEPS [REPS] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static const double wq[9] = {4. / 9, 1. / 9, 1. / 9, 1. / 9, 1. / 9, 1. / 36, 1. / 36, 1. / 36, 1. / 36};
static const int cx[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1}, cy[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  int steps = argc > 2 ? atoi(argv[2]) : 200;
  int reps = argc > 3 ? atoi(argv[3]) : 1;
  double *f = malloc(sizeof(double) * 9 * n);
  for (int i = 0; i < 9 * n; i++) f[i] = 0.1 + 0.001 * (i % 17);
  int team = 0;
#pragma omp parallel
#pragma omp single
  team = omp_get_num_threads();
  printf("lbmcol cells=%d steps=%d threads=%d\n", n, steps, team);
  printf("rep   seconds   MLUPS\n");
  for (int r = 0; r < reps; r++) {
    double t0 = omp_get_wtime();
    for (int s = 0; s < steps; s++) {
#pragma omp parallel for schedule(static)
      for (int c = 0; c < n; c++) {
        double *g = f + 9 * c, rho = 0, ux = 0, uy = 0;
        for (int q = 0; q < 9; q++) { rho += g[q]; ux += cx[q] * g[q]; uy += cy[q] * g[q]; }
        ux /= rho; uy /= rho;
        double usq = 1.5 * (ux * ux + uy * uy);
        for (int q = 0; q < 9; q++) {
          double cu = 3.0 * (cx[q] * ux + cy[q] * uy);
          double feq = wq[q] * rho * (1.0 + cu + 0.5 * cu * cu - usq);
          g[q] += 0.6 * (feq - g[q]);
        }
      }
    }
    double t = omp_get_wtime() - t0;
    printf("%3d %9.3f %7.2f\n", r + 1, t, (double)n * steps / t / 1e6);
  }
  printf("f[0]=%.6f\n", f[0]);
  return 0;
}
