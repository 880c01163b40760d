/* STREAM-style kernels: copy, scale, add, triad over arrays of n doubles.
 * usage: stream N [copy|scale|add|triad] [reps]
 * Prints the best of `reps` timed passes (default 5) after first-touch initialisation. */
#include <string.h>
#include "ps_common.h"

int main(int argc, char **argv) {
  long n = ps_arg(argc, argv, 1, 20000000);
  const char *op = argc > 2 ? argv[2] : "triad";
  int reps = (int)ps_arg(argc, argv, 3, 5);
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n),
         *c = malloc(sizeof(double) * n);
  if (!a || !b || !c) { fprintf(stderr, "stream: out of memory for n=%ld\n", n); return 2; }
  const double s = 3.0;
  long i;
#pragma omp parallel for schedule(static)
  for (i = 0; i < n; i++) { a[i] = 1.0; b[i] = 2.0; c[i] = 0.5; }
  int kind = !strcmp(op, "copy") ? 0 : !strcmp(op, "scale") ? 1 : !strcmp(op, "add") ? 2 : 3;
  double arrays = kind < 2 ? 2.0 : 3.0;
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = ps_now();
    switch (kind) {
    case 0:
#pragma omp parallel for schedule(static)
      for (i = 0; i < n; i++) c[i] = a[i];
      break;
    case 1:
#pragma omp parallel for schedule(static)
      for (i = 0; i < n; i++) b[i] = s * c[i];
      break;
    case 2:
#pragma omp parallel for schedule(static)
      for (i = 0; i < n; i++) c[i] = a[i] + b[i];
      break;
    default:
#pragma omp parallel for schedule(static)
      for (i = 0; i < n; i++) a[i] = b[i] + s * c[i];
    }
    double t = ps_now() - t0;
    if (t < best) best = t;
  }
  double sum = 0.0;
  for (i = 0; i < n; i += 97) sum += a[i] + b[i] + c[i];
  double bytes = arrays * sizeof(double) * (double)n;
  printf("PERFSCOUT kernel=%s n=%ld threads=%d time_s=%.6f metric=bandwidth_MBps value=%.1f "
         "bytes=%.0f checksum=%.17g\n", op, n, ps_threads(), best, bytes / best / 1e6, bytes, sum);
  free(a); free(b); free(c);
  return 0;
}
