/* A user's program (not a bundled kernel): repeated three-point smoothing through a weighting routine of a 1-D signal,
 * serial. Prints the result line the experiment runner reads:
 * PERFSCOUT kernel=smooth n=N threads=1 time_s=S metric=mups value=V checksum=C */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* the weights live in a routine the compiler does not see into; it counts its calls */
static long weighed;
__attribute__((noinline)) static double weigh(double l, double c, double r) {
  weighed++;
  return (l + 2.0 * c + r) * 0.25;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000;
  int sweeps = argc > 2 ? atoi(argv[2]) : 2000;
  double *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
  if (!a || !b || n < 3) return 1;
  for (long i = 0; i < n; i++) a[i] = b[i] = (double)(i % 97);
  double t0 = now();
  for (int s = 0; s < sweeps; s++) {
    for (long i = 1; i < n - 1; i++) b[i] = weigh(a[i - 1], a[i], a[i + 1]);
    double *t = a;
    a = b;
    b = t;
  }
  double dt = now() - t0;
  double sum = 0.0;
  for (long i = 0; i < n; i += 7) sum += a[i];
  printf("PERFSCOUT kernel=smooth n=%ld threads=1 time_s=%.6f metric=mups value=%.3f "
         "checksum=%.6e\n", n, dt, (double)n * sweeps / dt / 1e6, sum);
  free(a);
  free(b);
  return 0;
}
