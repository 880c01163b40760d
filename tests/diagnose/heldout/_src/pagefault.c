/* Allocates, touches and frees a fresh 64 MB buffer each iteration (mmap'd by malloc): every
   iteration faults all its pages in again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int iters = argc > 1 ? atoi(argv[1]) : 60;
  size_t sz = 64u << 20;
  double t0 = now(), s = 0;
  for (int it = 0; it < iters; it++) {
    double *b = malloc(sz);
    memset(b, it & 1, sz);
    for (size_t i = 0; i < sz / sizeof(double); i += 512) s += b[i];
    free(b);
  }
  double t = now() - t0;
  printf("iterations=%d\ntime=%.4f s\nsum=%g\n", iters, t, s);
  return 0;
}
