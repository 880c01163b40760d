/* A cheap computation whose results are all written with fprintf("%.17g"). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 3000000;
  const char *path = argc > 2 ? argv[2] : "values.txt";
  FILE *f = fopen(path, "w");
  double t0 = now(), v = 0.1;
  for (long i = 0; i < n; i++) { v = v * 1.0000001 + 1e-9; fprintf(f, "%ld %.17g %.17g\n", i, v, v * 3.0); }
  fclose(f);
  printf("rows=%ld\ntime=%.4f s\n", n, now() - t0);
  return 0;
}
