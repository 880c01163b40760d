/* radxfer: OpenMP long-characteristics radiative transfer: every ray integrates the same number
   of steps through an analytic opacity field (equal work per ray), schedule(static).
   Usage: radxfer nrays nsteps. Prints the team size, the time and the mean intensity. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int nrays = argc > 1 ? atoi(argv[1]) : 4000;
  int nsteps = argc > 2 ? atoi(argv[2]) : 3000;
  double sum = 0.0, t0 = omp_get_wtime();
  int team = 1;
#pragma omp parallel reduction(+ : sum)
  {
#pragma omp single
    team = omp_get_num_threads();
#pragma omp for schedule(static)
  for (int r = 0; r < nrays; r++) {
    double mu = cos(3.14159265 * (r + 0.5) / nrays), tau = 0.0, I = 0.0, ds = 1.0 / nsteps;
    for (int s = 0; s < nsteps; s++) {
      double z = s * ds * mu;
      double kappa = 1.0 + 0.5 * sin(6.0 * z) * sin(6.0 * z);
      tau += kappa * ds;
      I += exp(-tau) * (1.0 + z * z) * kappa * ds;
    }
    sum += I;
  }
  }
  double t = omp_get_wtime() - t0;
  printf("radxfer: team of %d threads (omp_get_max_threads %d), %d procs (omp_get_num_procs), %d rays x %d steps: %.3f s, mean I %.6f\n",
         team, omp_get_max_threads(), omp_get_num_procs(), nrays, nsteps, t, sum / nrays);
  return 0;
}
