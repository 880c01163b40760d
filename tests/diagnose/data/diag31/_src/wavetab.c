/* Tabulates a damped wave over a grid of points and times; the damping factor depends only
 * on the time step, yet it is recomputed (exp) for every point. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double amplitude(double x, double t, double gamma) {
  double damp = exp(-gamma * t);          /* the same for every x of one t */
  return damp * sin(6.0 * x - 2.0 * t);
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 20000;
  int nt = argc > 2 ? atoi(argv[2]) : 200;
  double sum = 0.0;
  for (int it = 0; it < nt; it++) {
    double t = 0.01 * it;
    for (int ix = 0; ix < nx; ix++) {
      double x = (double)ix / nx;
      sum += amplitude(x, t, 0.3);
    }
  }
  if (sum == 12345.0) puts("unlikely");
  printf("wavetab: %d points x %d steps, sum %.6f\n", nx, nt, sum);
  return 0;
}
