/* Two-pass filter that spills its intermediate array to a scratch file and reads it back each step. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv)
{
  size_t n = argc > 1 ? strtoul(argv[1], 0, 10) : 8000000;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  const char *scratch = argc > 3 ? argv[3] : "scratch.bin"; /* "-" keeps it in memory */
  int inmem = scratch[0] == '-' && scratch[1] == 0;
  double *u = malloc(n * sizeof *u), *w = malloc(n * sizeof *w);
  for (size_t i = 0; i < n; i++) u[i] = (double)(i % 101);
  double tc = 0, tio = 0, t0 = now();
  for (int s = 0; s < steps; s++) {
    double a = now();
    for (size_t i = 1; i + 1 < n; i++) w[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
    w[0] = u[0]; w[n - 1] = u[n - 1];
    tc += now() - a;
    a = now();
    if (!inmem) {
      FILE *f = fopen(scratch, "wb");
      fwrite(w, sizeof *w, n, f); fclose(f);
      f = fopen(scratch, "rb");
      if (fread(w, sizeof *w, n, f) != n) { fprintf(stderr, "short read\n"); return 1; }
      fclose(f);
    }
    tio += now() - a;
    a = now();
    for (size_t i = 0; i < n; i++) u[i] = w[i] * 0.999 + 0.001;
    tc += now() - a;
  }
  printf("[filter] n=%zu steps=%d scratch=%s\n", n, steps, inmem ? "(memory)" : scratch);
  printf("[filter] compute %.3f s | scratch i/o %.3f s | total %.3f s\n", tc, tio, now() - t0);
  printf("[filter] u[n/2]=%.8f\n", u[n / 2]);
  if (!inmem) remove(scratch);
  return 0;
}
