/* Loads particle records from a CSV file, then integrates them: "gen N FILE" writes the input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  if (argc > 3 && !strcmp(argv[1], "gen")) {
    long n = atol(argv[2]); FILE *f = fopen(argv[3], "w"); srand(3);
    fprintf(f, "id,x,y,z,vx,vy,vz,mass\n");
    for (long i = 0; i < n; i++) {
      fprintf(f, "%ld", i);
      for (int k = 0; k < 7; k++) fprintf(f, ",%.17g", rand() / (double)RAND_MAX);
      fputc('\n', f);
    }
    fclose(f); return 0;
  }
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  double t0 = now();
  FILE *f = fopen(argv[1], "r"); char line[512];
  long cap = 1 << 20, n = 0; double *p = malloc(sizeof(double) * 7 * cap);
  if (!fgets(line, sizeof line, f)) return 1;
  while (fgets(line, sizeof line, f)) {
    if (n == cap) { cap *= 2; p = realloc(p, sizeof(double) * 7 * cap); }
    char *tok = strtok(line, ",");
    for (int k = 0; k < 7 && tok; k++) { tok = strtok(NULL, ","); if (tok) p[7 * n + k] = strtod(tok, NULL); }
    n++;
  }
  fclose(f);
  double t1 = now();
  for (int s = 0; s < steps; s++)
    for (long i = 0; i < n; i++)
      for (int k = 0; k < 3; k++) p[7 * i + k] += 0.001 * p[7 * i + 3 + k];
  double t2 = now(), cx = 0;
  for (long i = 0; i < n; i++) cx += p[7 * i] * p[7 * i + 6];
  printf("particles=%ld load=%.3f s integrate=%.3f s (%d steps) cx=%.6f\n", n, t1 - t0, t2 - t1, steps, cx);
  return 0;
}
