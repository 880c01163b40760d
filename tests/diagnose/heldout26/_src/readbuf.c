/* readbuf.c: biology, sequencing-read quality trimming in batches: every batch allocates a fresh 64 MB
   work buffer with malloc (served by mmap above the threshold), fills it, trims, and frees it (munmap),
   so every batch faults its pages in again. -DREUSE allocates the buffer once. Argument: batches. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#define BS (64L << 20)
int main(int argc, char **argv) {
  int nb = argc > 1 ? atoi(argv[1]) : 120; long kept = 0;
  double t0 = now();
#ifdef REUSE
  unsigned char *buf = malloc(BS);
#endif
  for (int b = 0; b < nb; b++) {
#ifndef REUSE
    unsigned char *buf = malloc(BS);
#endif
    for (long i = 0; i < BS; i += 64) buf[i] = (unsigned char)((i >> 6) * 31 + b);
    for (long i = 0; i < BS; i += 4096) kept += buf[i] > 40;
#ifndef REUSE
    free(buf);
#endif
  }
  double t = now() - t0;
  printf("readbuf batches %d buffer %ld MB time %.3f s  %.2f ms/batch  kept %ld\n", nb, BS >> 20, t, 1e3 * t / nb, kept);
  return 0;
}
