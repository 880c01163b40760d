/* Spectral filter of a long record in blocks: every block allocates a fresh 64 MB work buffer (above glibc's largest mmap threshold),
   fills it, filters it and frees it (glibc serves it with mmap and returns it with munmap).
   Prints blocks, seconds, ns per value. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int blocks = argc > 1 ? atoi(argv[1]) : 20; long m = argc > 2 ? atol(argv[2]) : 8000000;
  double acc = 0.0, t0 = now();
  for (int b = 0; b < blocks; b++) {
    double *w = malloc(m * sizeof *w);
    for (long i = 0; i < m; i++) w[i] = (double)((i + b) % 1000);
    for (long i = 1; i < m; i++) acc += 0.5 * (w[i] - w[i - 1]);
    free(w);
  }
  double sec = now() - t0;
  printf("blocks=%d values_per_block=%ld seconds=%.4f ns_per_value=%.2f check=%.3e\n", blocks, m, sec, 1e9 * sec / ((double)blocks * m), acc);
  return 0;
}
