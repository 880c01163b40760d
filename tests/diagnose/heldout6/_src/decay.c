/* Damped field relaxation: every step multiplies the field by a damping factor and adds a small coupling. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4096;
  int steps = argc > 2 ? atoi(argv[2]) : 4000;
  double *u = malloc(sizeof(double) * n);
  for (long i = 0; i < n; i++) u[i] = 1.0 + (i % 10);
  struct timespec a, b, c;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (int s = 0; s < steps; s++) {
    for (long i = 1; i < n - 1; i++) u[i] = 0.7 * u[i] + 0.1 * (u[i - 1] + u[i + 1]);
    if ((s + 1) % (steps / 8) == 0) {
      clock_gettime(CLOCK_MONOTONIC, &c);
      printf("step %5d  elapsed=%.3f s  u[mid]=%.3e\n", s + 1, (c.tv_sec - a.tv_sec) + 1e-9 * (c.tv_nsec - a.tv_nsec), u[n / 2]);
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("n=%ld steps=%d time=%.3f s\n", n, steps, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
