/* Dust aggregation: every step injects new grains and tests every pair of grains for contact.
   Prints one line per report step: step, grains, seconds of that step, total seconds. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 40, inject = argc > 2 ? atoi(argv[2]) : 200;
  int cap = steps * inject;
  double *x = malloc(cap * sizeof *x), *y = malloc(cap * sizeof *y), *z = malloc(cap * sizeof *z);
  int n = 0; long contacts = 0; double tot = 0.0;
  srand(11);
  printf("%5s %8s %10s %10s\n", "step", "grains", "step_s", "total_s");
  for (int s = 1; s <= steps; s++) {
    for (int k = 0; k < inject; k++, n++) { x[n] = rand() / (double)RAND_MAX; y[n] = rand() / (double)RAND_MAX; z[n] = rand() / (double)RAND_MAX; }
    double t0 = now();
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++) {
        double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
        if (dx * dx + dy * dy + dz * dz < 1e-6) contacts++;
      }
    double dt = now() - t0; tot += dt;
    if (s % 4 == 0) printf("%5d %8d %10.4f %10.4f\n", s, n, dt, tot);
  }
  printf("contacts=%ld\n", contacts);
  return 0;
}
