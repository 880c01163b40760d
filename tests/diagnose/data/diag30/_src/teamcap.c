/* Rays of equal work over a parallel loop; prints the team its region ran with. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rays = argc > 1 ? atoi(argv[1]) : 4000, steps = argc > 2 ? atoi(argv[2]) : 2000;
  double sum = 0, t0 = omp_get_wtime();
  int team = 0;
#pragma omp parallel reduction(+ : sum)
  {
#pragma omp single
    team = omp_get_num_threads();
#pragma omp for
    for (int r = 0; r < rays; r++) {
      double I = 1.0;
      for (int s = 0; s < steps; s++) I = I * exp(-1e-4 * (r % 7 + 1)) + 1e-5;
      sum += I;
    }
  }
  printf("teamcap: team of %d threads (omp_get_max_threads %d), %d rays: %.3f s, mean %.6f\n",
         team, omp_get_max_threads(), rays, omp_get_wtime() - t0, sum / rays);
  return 0;
}
