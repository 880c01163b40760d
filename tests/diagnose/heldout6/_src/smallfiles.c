/* Reads one small input file per particle from a directory ("gen DIR N" writes them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(int argc, char **argv) {
  char path[4096];
  if (argc > 3 && !strcmp(argv[1], "gen")) {
    long n = atol(argv[3]);
    for (long i = 0; i < n; i++) {
      snprintf(path, sizeof path, "%s/p%06ld.txt", argv[2], i);
      FILE *f = fopen(path, "w"); fprintf(f, "%.9f %.9f %.9f %.9f\n", i * 0.1, i * 0.2, i * 0.3, 1.0); fclose(f);
    }
    return 0;
  }
  long n = atol(argv[2]);
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  double m = 0, cx = 0;
  for (long i = 0; i < n; i++) {
    snprintf(path, sizeof path, "%s/p%06ld.txt", argv[1], i);
    FILE *f = fopen(path, "r");
    double x, y, z, w;
    if (!f || fscanf(f, "%lf %lf %lf %lf", &x, &y, &z, &w) != 4) { fprintf(stderr, "bad %s\n", path); return 1; }
    fclose(f);
    m += w; cx += w * x;
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("particles=%ld mass=%.3f cx=%.6f time=%.3f s\n", n, m, cx / m, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
