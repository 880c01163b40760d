/* ckptwrite: writes a checkpoint of an n-value field to ckpt.dat through a stdio FILE (default
   4 KB buffer), one fwrite of 8 bytes per value, `nck` checkpoints in a row.
   Usage: ckptwrite n nck. Prints the time per value written. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

static void write_checkpoint(const double *u, long n) {
  FILE *f = fopen("ckpt.dat", "wb");
  if (!f) { perror("ckpt.dat"); exit(1); }
  for (long i = 0; i < n; i++) fwrite(&u[i], sizeof(double), 1, f);
  fclose(f);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000;
  int nck = argc > 2 ? atoi(argv[2]) : 3;
  double *u = malloc(n * sizeof *u);
  for (long i = 0; i < n; i++) u[i] = 1.0 / (1 + i);
  double t0 = now();
  for (int c = 0; c < nck; c++) { u[0] = c; write_checkpoint(u, n); }
  double t = now() - t0;
  printf("ckptwrite: %d checkpoints of %ld values (%.1f MB each): %.3f s, %.2f ns/value\n", nck, n, 8.0 * n / 1e6, t, 1e9 * t / ((double)n * nck));
  return 0;
}
