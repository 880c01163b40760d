/* A cheap update loop that logs every element's value with fprintf to a file. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 3000000L;
  FILE *log = fopen(argc > 2 ? argv[2] : "run.log", "w");
  double x = 0.5;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (long i = 0; i < n; i++) {
    x = x * 1.0000001 + 1e-7;
    fprintf(log, "step %ld value %.12e residual %.6e\n", i, x, x * 1e-3);
  }
  fclose(log);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("steps=%ld time=%.3f s\n", n,
         (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  return 0;
}
