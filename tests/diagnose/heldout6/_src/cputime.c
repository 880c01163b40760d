/* Cell update loop that accounts its kernel time with the process CPU clock around every cell. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  int steps = argc > 2 ? atoi(argv[2]) : 3;
  double *u = malloc(sizeof(double) * n), kernel = 0;
  for (long i = 0; i < n; i++) u[i] = (i % 100) * 0.01;
  double w0 = now(CLOCK_MONOTONIC);
  for (int s = 0; s < steps; s++)
    for (long i = 0; i < n; i++) {
      double t0 = now(CLOCK_PROCESS_CPUTIME_ID);
      u[i] = 0.9 * u[i] + 0.1 * sqrt(u[i] + 1.0);
      kernel += now(CLOCK_PROCESS_CPUTIME_ID) - t0;
    }
  double wall = now(CLOCK_MONOTONIC) - w0;
  printf("cells=%ld steps=%d kernel_time=%.3f s wall=%.3f s check=%.6f\n", n, steps, kernel, wall, u[n / 2]);
  return 0;
}
