/* recdump: buoy time-series processing writing each output record with fprintf and fflush (one write(2) per record). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200000;
  const char *path = argc > 2 ? argv[2] : "buoy_out.txt";
  FILE *f = fopen(path, "w");
  double tc = 0, tw = 0, h = 0;
  for (int i = 0; i < n; i++) {
    double t0 = now();
    h = 0.9 * h + 0.1 * sin(i * 0.01) * cos(i * 0.003);
    double t1 = now();
    fprintf(f, "%d %.6f\n", i, h);
    fflush(f);
    tw += now() - t1; tc += t1 - t0;
  }
  fclose(f);
  printf("records=%d compute_s=%.4f output_s=%.4f\n", n, tc, tw);
  return 0;
}
