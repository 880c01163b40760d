/* Per-thread event counters: each OpenMP thread counts accepted samples in its own slot of
   a shared array. The slots are adjacent longs (one cache line for all threads). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifndef PAD
#define PAD 1
#endif
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000000L;
  static volatile long hits[64 * PAD];
  double cpu[64] = {0};
  double w0 = omp_get_wtime();
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    double c0 = tcpu();
    unsigned long x = 88172645463325252UL + t;
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) {
      x ^= x << 13; x ^= x >> 7; x ^= x << 17;
      if (x & 7) hits[t * PAD]++;
    }
    cpu[t] = tcpu() - c0;
  }
  double w = omp_get_wtime() - w0;
  long tot = 0; int nt = omp_get_max_threads();
  for (int t = 0; t < nt; t++) tot += hits[t * PAD];
  printf("samples=%ld threads=%d accepted=%ld\n", n, nt, tot);
  for (int t = 0; t < nt; t++) printf("thread %d cpu_time=%.3f s\n", t, cpu[t]);
  printf("time=%.3f s rate=%.1f Msamples/s\n", w, n / w / 1e6);
  return 0;
}
