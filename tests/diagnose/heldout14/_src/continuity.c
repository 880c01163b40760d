/* continuity: 1-D upwind continuity update rn[i] = r[i] - c*(f[i+1] - f[i]) over n cells,
   repeated to about `updates` cell updates. Usage: continuity n [updates]. Prints the time per
   cell update and the bytes moved per second (two arrays read, one written: 24 B per update). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

static void step(double *restrict rn, const double *restrict r, const double *restrict f, long n, double c) {
  for (long i = 0; i < n; i++) rn[i] = r[i] - c * (f[i + 1] - f[i]);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 32000000;
  double updates = argc > 2 ? atof(argv[2]) : 2.4e8;
  long reps = (long)(updates / n); if (reps < 1) reps = 1;
  double *r = malloc(n * sizeof *r), *rn = malloc(n * sizeof *rn), *f = malloc((n + 1) * sizeof *f);
  for (long i = 0; i < n; i++) { r[i] = 1.0 + (i % 7); rn[i] = 0; f[i] = 0.5 * (i % 5); }
  f[n] = 0;
  double t0 = now();
  for (long k = 0; k < reps; k++) { step(rn, r, f, n, 1e-3); double *t = r; r = rn; rn = t; }
  double t = now() - t0;
  printf("continuity n=%ld (%.1f MB in 3 arrays) reps=%ld: %.3f s, %.3f ns/update, %.2f GB/s (24 B/update)  check %.3f\n",
         n, 24.0 * n / 1e6, reps, t, 1e9 * t / (reps * (double)n), 24.0 * reps * n / t / 1e9, r[n / 2]);
  return 0;
}
