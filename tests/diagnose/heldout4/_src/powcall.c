/* Potential energy of a chain: pow() with small integer exponents in the hot loop. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000;
  int reps = argc > 2 ? atoi(argv[2]) : 4000;
  int fixed = argc > 3 ? atoi(argv[3]) : 0;
  double *r = malloc(n * sizeof *r);
  for (int i = 0; i < n; i++) r[i] = 1.0 + 0.001 * (i % 997);
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  double e = 0.0;
  for (int k = 0; k < reps; k++)
    for (int i = 0; i < n; i++) {
      double s = 1.0 / r[i];
      if (fixed) {
        double s3 = s * s * s, s6 = s3 * s3;
        e += s6 * s6 - s6;
      } else {
        e += pow(s, 12.0) - pow(s, 6.0);
      }
    }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("pairs: %ld\nenergy: %.6e\nelapsed: %.3f s\nrate: %.1f Mpairs/s\n", (long)n * reps, e, t, n * (double)reps / t / 1e6);
  return 0;
}
