/* plasmadep.c: serial particle-in-cell charge deposition onto a 96 MB grid; after each step the grid is handed back to the kernel with madvise(MADV_DONTNEED) ("free the memory between steps"), so every step faults it in again; -DKEEP clears it with memset instead. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
int main(int argc, char **argv) {
  long ncell = argc > 1 ? atol(argv[1]) : 12L << 20;
  int steps = argc > 2 ? atoi(argv[2]) : 12;
  long np = 2000000;
  size_t bytes = ncell * sizeof(double);
  double *rho = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  unsigned x = 12345; double tot = 0;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  for (int s = 0; s < steps; s++) {
    for (long c = 0; c < ncell; c += 1) rho[c] += 0.0;
    for (long p = 0; p < np; p++) { x = x * 1664525u + 1013904223u; rho[(x >> 4) % ncell] += 1.0; }
    for (long c = 0; c < ncell; c += 4096) tot += rho[c];
#ifdef KEEP
    memset(rho, 0, bytes);
#else
    madvise(rho, bytes, MADV_DONTNEED);
#endif
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  printf("plasmadep: cells=%ld particles=%ld steps=%d time=%.3f s  s/step=%.4f  check=%.1f\n", ncell, np, steps, t, t / steps, tot);
  return 0;
}
