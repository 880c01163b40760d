/* Sum one field of an array of 64-byte particle records (array of structures): every
   8-byte value read pulls a whole cache line. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
struct particle { double x, y, z, vx, vy, vz, m, q; };
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 20;
  struct particle *p = malloc(n * sizeof *p);
  for (long i = 0; i < n; i++) { p[i].x = i; p[i].m = 1.0 + (i % 3); p[i].q = 0; }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  double mass = 0;
  for (int r = 0; r < reps; r++)
    for (long i = 0; i < n; i++) mass += p[i].m;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("particles=%ld reps=%d time=%.3f s\n", n, reps, t);
  printf("useful_bandwidth=%.2f GB/s\n", 8.0 * n * reps / t / 1e9);
  printf("mass=%g\n", mass);
  return 0;
}
