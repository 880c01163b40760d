/* A random gather y[i] = a * T[idx[i]] from a 64 MiB table (n_table = 16M floats) through
 * m = 4M random indices, single-threaded, for the PRE-REGISTERED replay table gather_hp
 * (benches/data/gather_hp_prereg.md): not used to tune the guide. Every access touches a
 * random 4 KiB page of the table: the kernel is bound by cache and TLB misses.
 * -DPF=D software prefetch of T[idx[i + D]] (0: none), -DUNROLL=U (GCC unroll pragma on the
 * gather loop). The environment decides the page size: GLIBC_TUNABLES=glibc.malloc.hugetlb=1
 * makes malloc ask for transparent huge pages (madvise) for the table.
 * usage: gather_hp NTABLE M REPS; prints cpu_s (the kernel loop's thread CPU time), a
 * checksum and the huge-page share of the table (from /proc/self/smaps_rollup). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ps_cpu.h"
#ifndef PF
#define PF 0
#endif
#include "ps_unroll.h"
static void gather(long m, float a, const float *restrict t, const int32_t *restrict idx,
                   float *restrict y) {
  PS_UNROLL for (long i = 0; i < m; i++) {
#if PF > 0
    __builtin_prefetch(&t[idx[i + PF]]);
#endif
    y[i] = a * t[idx[i]];
  }
}
static long anon_huge_kb(void) {
  FILE *f = fopen("/proc/self/smaps_rollup", "r");
  char line[256];
  long kb = -1;
  if (!f) return -1;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, "AnonHugePages:", 14) == 0) kb = atol(line + 14);
  fclose(f);
  return kb;
}
int main(int argc, char **argv) {
  long nt = argc > 1 ? atol(argv[1]) : 1L << 24, m = argc > 2 ? atol(argv[2]) : 1L << 22;
  long reps = argc > 3 ? atol(argv[3]) : 1;
  float *t = malloc(sizeof(float) * nt), *y = malloc(sizeof(float) * m);
  int32_t *idx = malloc(sizeof(int32_t) * (m + (PF > 0 ? PF : 0)));
  if (!t || !y || !idx) return 2;
  for (long i = 0; i < nt; i++) t[i] = (float)(i % 1009) / 1009.0f;
  uint64_t s = 88172645463325252ULL; /* xorshift64: the same indices for every build */
  for (long i = 0; i < m + (PF > 0 ? PF : 0); i++) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    idx[i] = (int32_t)(s % (uint64_t)nt);
  }
  memset(y, 0, sizeof(float) * m); /* y's pages are faulted in before the timing */
  double sum = 0.0;
  double t0 = ps_cpu();
  for (long r = 0; r < reps; r++) {
    gather(m, 1.0f + (float)r, t, idx, y);
    sum += y[r % m];
  }
  double el = ps_cpu() - t0;
  for (long i = 0; i < m; i++) sum += y[i] * (double)(1 + i % 7);
  printf("cpu_s=%.6f checksum=%.9g huge_kb=%ld\n", el, sum, anon_huge_kb());
  free(t); free(y); free(idx);
  return 0;
}
