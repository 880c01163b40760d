/* Dot product and norm in long double (80-bit x87) over in-cache arrays, repeated. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 8192
static long double a[N], b[N];
int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 40000;
  for (int i = 0; i < N; i++) { a[i] = 1.0L / (i + 1); b[i] = (i % 9) * 0.5L; }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  long double dot = 0, nrm = 0;
  for (int r = 0; r < reps; r++) {
    for (int i = 0; i < N; i++) {
      dot += a[i] * b[i];
      nrm += a[i] * a[i];
    }
    a[r % N] += 1e-20L;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("time = %.3f s\n", t);
  printf("GFLOP/s = %.3f\n", 4.0 * N * reps / t / 1e9);
  printf("dot=%Lg nrm=%Lg\n", dot, nrm);
  return 0;
}
