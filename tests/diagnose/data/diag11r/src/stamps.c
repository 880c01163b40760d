/* Relaxation that measures each cell's cost with the thread CPU clock (a real system call). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 300000;
  double *u = calloc(n, sizeof(double)), spent = 0;
  struct timespec w0, w1; clock_gettime(CLOCK_MONOTONIC, &w0);
  for (int it = 0; it < 2; it++)
    for (long i = 1; i < n - 1; i++) {
      struct timespec a, b;
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
      u[i] = 0.5 * (u[i - 1] + u[i + 1]) + 1e-3;
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
      spent += (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    }
  clock_gettime(CLOCK_MONOTONIC, &w1);
  printf("cells=%ld measured=%.3f s wall=%.3f s u=%.4f\n", n, spent,
         (w1.tv_sec - w0.tv_sec) + 1e-9 * (w1.tv_nsec - w0.tv_nsec), u[n / 2]);
  return 0;
}
