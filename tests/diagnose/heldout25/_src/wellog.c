/* Borehole well log: gamma-ray and resistivity smoothing per depth sample; each sample appended to the LAS-like log by fopen/fprintf/fclose. -DONCE keeps the file open. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40000;
  double tc = 0, tw = 0, gr = 0, rs = 1;
  remove("well.las");
#ifdef ONCE
  FILE *f = fopen("well.las", "a");
#endif
  for (int i = 0; i < n; i++) {
    double t0 = now();
    double depth = 1500 + 0.1524 * i;
    for (int k = 0; k < 10; k++) { gr = 0.9 * gr + 0.1 * (60 + 40 * sin(depth * 0.05 + k)); rs = 0.95 * rs + 0.05 * exp(1 + cos(depth * 0.01 + k)); }
    double t1 = now();
#ifndef ONCE
    FILE *f = fopen("well.las", "a");
#endif
    fprintf(f, "%10.4f %9.3f %9.4f\n", depth, gr, rs);
#ifndef ONCE
    fclose(f);
#endif
    tw += now() - t1; tc += t1 - t0;
  }
#ifdef ONCE
  fclose(f);
#endif
  printf("wellog samples=%d  compute %.3f s  write %.3f s  last GR %.3f RES %.4f\n", n, tc, tw, gr, rs);
  return 0;
}
