/* Charge deposit: particles stored as an array of 64-byte structs, visited through a
   shuffled index list; only the charge field is read. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct { double x, y, z, vx, vy, vz, m, q; } particle;

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  int fixed = argc > 3 ? atoi(argv[3]) : 0;
  particle *p = malloc(n * sizeof *p);
  double *q = malloc(n * sizeof *q);
  long *idx = malloc(n * sizeof *idx);
  unsigned s = 12345;
  for (long i = 0; i < n; i++) { p[i].q = q[i] = (double)(i % 7) - 3.0; p[i].m = 1.0; idx[i] = i; }
  for (long i = n - 1; i > 0; i--) { s = s * 1103515245u + 12345u; long j = (long)(s >> 3) % (i + 1); long t = idx[i]; idx[i] = idx[j]; idx[j] = t; }
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  double tot = 0.0;
  for (int r = 0; r < reps; r++) {
    if (fixed) {
      for (long i = 0; i < n; i++) tot += q[i];
    } else {
      for (long i = 0; i < n; i++)
        tot += p[idx[i]].q;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("particles %ld reps %d total_charge %.1f time_s %.3f ns_per_particle %.2f\n", n, reps, tot, t, t * 1e9 / (n * (double)reps));
  return 0;
}
