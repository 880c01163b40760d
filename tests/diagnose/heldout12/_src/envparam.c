/* Reaction-diffusion update whose rate constant is read from the environment (SIM_RATE, default
   0.1) by a helper called for every cell of every step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double rate(void) {
  const char *s = getenv("SIM_RATE");
  return s ? atof(s) : 0.1;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000000;
  int nsteps = argc > 2 ? atoi(argv[2]) : 5;
  double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
  for (int i = 0; i < n; ++i) u[i] = (i % 100) / 100.0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
  for (int s = 0; s < nsteps; ++s) {
    for (int i = 1; i < n - 1; ++i) {
      double k = rate();
      v[i] = u[i] + 0.2 * (u[i - 1] - 2 * u[i] + u[i + 1]) - k * u[i] * (1 - u[i]);
    }
    double *t = u; u = v; v = t;
  }
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
  double c = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("cells=%d steps=%d cpu_s=%.3f ns_per_cell=%.1f u[n/2]=%.6f\n", n, nsteps, c, 1e9 * c / ((double)n * nsteps),
         u[n / 2]);
  free(u); free(v);
  return 0;
}
