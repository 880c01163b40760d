/* Damped diffusion whose values decay towards zero; prints the time of each block of steps
 * and the middle value as u[mid] (a bracketed key). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048, steps = argc > 2 ? atoi(argv[2]) : 12000;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) a[i] = 1.0;
  double t0 = now(), last = t0;
  for (int s = 1; s <= steps; s++) {
    for (int i = 1; i < n - 1; i++) b[i] = 0.88 * (0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1]);
    b[0] = b[1]; b[n - 1] = b[n - 2];
    double *t = a; a = b; b = t;
    if (s % 1000 == 0) { double q = now(); printf("step %d: time=%.4f s u[mid]=%.4e\n", s, q - last, a[n / 2]); last = q; }
  }
  printf("total time=%.3f s\n", now() - t0);
  return 0;
}
