/* genomealign.c: biology, read mapping: a serial k-mer index of the reference (hash of every 12-mer,
   then a counting sort into buckets) is built by one thread, then the reads are scored against their
   seed buckets in an OpenMP loop. -DPARIDX builds the index hashes in parallel too (the bucket fill
   stays serial). Prints the seconds of each phase. Arguments: reference length, reads. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#define K 12
static unsigned hashk(const char *s) { unsigned h = 2166136261u; for (int r = 0; r < 10; r++) for (int i = 0; i < K; i++) h = (h ^ (unsigned char)s[i]) * 16777619u ^ r; return h; }
int main(int argc, char **argv) {
  long L = argc > 1 ? atol(argv[1]) : 3000000; int R = argc > 2 ? atoi(argv[2]) : 40000;
  char *ref = malloc(L + 200); unsigned x = 12345;
  for (long i = 0; i < L + 200; i++) { x = x * 1103515245u + 12345u; ref[i] = "ACGT"[(x >> 16) & 3]; }
  unsigned *h = malloc(L * sizeof(unsigned));
  double t0 = omp_get_wtime();
#ifdef PARIDX
#pragma omp parallel for schedule(static)
#endif
  for (long i = 0; i < L; i++) h[i] = hashk(ref + i) & 0xFFFFF;
  long *cnt = calloc(0x100001, sizeof(long)); long *pos = malloc(L * sizeof(long));
  for (long i = 0; i < L; i++) cnt[h[i] + 1]++;
  for (long b = 0; b < 0x100000; b++) cnt[b + 1] += cnt[b];
  for (long i = 0; i < L; i++) pos[cnt[h[i]]++] = i;
  double t1 = omp_get_wtime(); long best = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+:best)
  for (int r = 0; r < R; r++) {
    long at = ((long)r * 7919 * 131) % (L - 200); int sc = 0;
    for (int j = 0; j < 100; j += 4) { unsigned hh = hashk(ref + at + j) & 0xFFFFF; sc += (int)(hh & 7); }
    for (int j = 0; j < 100; j++) sc += ref[at + j] == ref[at + j + 1];
    best += sc;
  }
  double t2 = omp_get_wtime();
  printf("genomealign threads %d ref %ld reads %d  index %.3f s (serial)  map %.3f s (parallel)  total %.3f s  score %ld\n", omp_get_max_threads(), L, R, t1 - t0, t2 - t1, t2 - t0, best);
  return 0;
}
