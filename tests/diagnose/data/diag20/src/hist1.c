/* One thread, C11 atomic counter in the loop (no other thread ever touches the line). */
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#define BINS 16
static _Atomic long hist[BINS];
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40000000L;
  for (long i = 0; i < n; i++) {
    unsigned long x = (unsigned long)i * 2654435761UL;
    atomic_fetch_add_explicit(&hist[(x >> 7) % BINS], 1, memory_order_relaxed);
  }
  long s = 0; for (int b = 0; b < BINS; b++) s += hist[b];
  printf("samples=%ld\n", s);
  return 0;
}
