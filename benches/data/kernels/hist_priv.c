/* Histogram of a skewed key stream into NB = 1024 bins, single-threaded, with C private
 * sub-histograms (-DCOPIES=C: key i is counted in copy i % C, the copies summed at the end),
 * for the PRE-REGISTERED replay table hist_priv (benches/data/hist_priv_prereg.md): not used
 * to tune the guide. The keys are skewed (most fall in a few bins, runs of one key are common),
 * so with one copy consecutive increments of the same counter wait on each other through memory
 * (load, add, store, the next load of the same address); C copies give C independent chains.
 * -DCTR (index): 0 32-bit counters (a copy is 4 KiB: the copies of one bin are 4 KiB apart),
 * 1 16-bit counters flushed into the 64-bit total every 32768 keys (half the footprint, a
 * flush per block). -DUNROLL=U (GCC unroll pragma on the key loop).
 * usage: hist_priv N REPS; prints cpu_s (the kernel loop's thread CPU time), a checksum. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ps_cpu.h"
#include "ps_unroll.h"
#ifndef COPIES
#define COPIES 1
#endif
#ifndef CTR
#define CTR 0
#endif
#define NB 1024
#define FLUSH 32768

static uint64_t rs = 88172645463325252ULL;
static uint64_t xs(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

#if CTR == 0
typedef uint32_t ctr_t;
#else
typedef uint16_t ctr_t;
#endif
static ctr_t sub[COPIES][NB];

static void hist(long n, const uint16_t *restrict key, uint64_t *restrict total) {
  memset(sub, 0, sizeof sub);
  for (long b = 0; b < n; b += FLUSH) {
    long e = b + FLUSH < n ? b + FLUSH : n;
    long i = b;
    PS_UNROLL for (; i + COPIES <= e; i += COPIES)
      for (int c = 0; c < COPIES; c++) sub[c][key[i + c]]++;
    for (; i < e; i++) sub[0][key[i]]++;
#if CTR == 1 /* 16-bit counters: flush before they can wrap */
    for (int c = 0; c < COPIES; c++)
      for (int k = 0; k < NB; k++) { total[k] += sub[c][k]; sub[c][k] = 0; }
#endif
  }
#if CTR == 0
  for (int c = 0; c < COPIES; c++)
    for (int k = 0; k < NB; k++) total[k] += sub[c][k];
#endif
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20, reps = argc > 2 ? atol(argv[2]) : 1;
  uint16_t *key = malloc(sizeof(uint16_t) * (size_t)n);
  uint64_t *total = calloc(NB, sizeof(uint64_t));
  /* skewed: runs of one key (length 1-16), the key three times in four among 8 hot bins */
  for (long i = 0; i < n;) {
    uint64_t r = xs();
    uint16_t k = (r & 7) < 6 ? (uint16_t)((r >> 8) & 7) : (uint16_t)((r >> 16) % NB);
    long run = 1 + (long)((r >> 40) & 15);
    for (long j = 0; j < run && i < n; j++) key[i++] = k;
  }
  double t0 = ps_cpu();
  for (long t = 0; t < reps; t++) {
    hist(n, key, total);
    key[(t * 7919) % n] = (uint16_t)(t % NB); /* the next pass is not the same work */
  }
  double el = ps_cpu() - t0;
  uint64_t sum = 0;
  for (int k = 0; k < NB; k++) sum += total[k] * (uint64_t)(k + 1);
  printf("cpu_s=%.6f checksum=%llu\n", el, (unsigned long long)sum);
  return 0;
}
