/* rmsflux: weighted RMS of the flux jumps of a 1-D face array that stays in cache (n faces),
   evaluated `reps` times (a residual monitor called every pseudo-time step).
   Usage: rmsflux n reps. Prints the result and the time per face. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

static double jump_rms(const double *f, const double *w, int n) {
  double s = 0.0;
  for (int i = 0; i < n - 1; i++)
    s += w[i] * (f[i + 1] - f[i]) * (f[i + 1] - f[i]);
  return sqrt(s / (n - 1));
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  long reps = argc > 2 ? atol(argv[2]) : 120000;
  double *f = malloc(n * sizeof *f), *w = malloc(n * sizeof *w);
  for (int i = 0; i < n; i++) { f[i] = sin(0.01 * i); w[i] = 1.0 + 0.5 * cos(0.003 * i); }
  double t0 = now(), acc = 0;
  for (long r = 0; r < reps; r++) { f[r % n] += 1e-9; acc += jump_rms(f, w, n); }
  double t = now() - t0;
  printf("rmsflux n=%d reps=%ld: %.3f s, %.3f ns/face, mean rms %.6e\n", n, reps, t, 1e9 * t / ((double)reps * n), acc / reps);
  return 0;
}
