/* crowd.c pedestrian evacuation: many independent rooms, each with a few agents stepped toward the exit; the OpenMP loop is over the agents of one room. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <omp.h>
#define AG 48
int main(int argc, char **argv) {
  int rooms = argc > 1 ? atoi(argv[1]) : 2000, steps = 40;
  double total = 0, t0 = omp_get_wtime();
#ifdef OUTER
#pragma omp parallel for reduction(+:total) schedule(dynamic, 8)
#endif
  for (int r = 0; r < rooms; r++) {
    double x[AG], y[AG];
    for (int a = 0; a < AG; a++) { x[a] = (a * 7 + r) % 20; y[a] = (a * 3 + r) % 15; }
    for (int s = 0; s < steps; s++) {
#ifndef OUTER
#pragma omp parallel for
#endif
      for (int a = 0; a < AG; a++) {
        double d = sqrt(x[a] * x[a] + y[a] * y[a]) + 1e-9;
        x[a] -= 0.3 * x[a] / d; y[a] -= 0.3 * y[a] / d;
      }
    }
    for (int a = 0; a < AG; a++) total += fabs(x[a]) + fabs(y[a]);
  }
  printf("threads %d rooms %d seconds %.3f residual distance %.3f\n", omp_get_max_threads(), rooms, omp_get_wtime() - t0, total);
  return 0;
}
