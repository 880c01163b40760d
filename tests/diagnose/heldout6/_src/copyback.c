/* Jacobi sweeps on a 1-D field: new values computed from old, then copied back into old. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 8000000;
  int steps = argc > 2 ? atoi(argv[2]) : 20;
  double *old = malloc(sizeof(double) * n), *nw = malloc(sizeof(double) * n);
  for (long i = 0; i < n; i++) old[i] = nw[i] = (i % 50) * 0.02;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  for (int s = 0; s < steps; s++) {
    for (long i = 1; i < n - 1; i++) nw[i] = 0.5 * old[i] + 0.25 * (old[i - 1] + old[i + 1]);
    memcpy(old, nw, sizeof(double) * n);
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("n=%ld steps=%d time=%.3f s sweep_bandwidth=%.2f GB/s check=%.6f\n", n, steps, t, 16.0 * n * steps / t / 1e9, old[n / 3]);
  return 0;
}
