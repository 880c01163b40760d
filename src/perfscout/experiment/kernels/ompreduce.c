/* OpenMP per-thread accumulation with two knobs.
 * usage: ompreduce N [false_sharing 0|1] [imbalance 0..100]
 * false_sharing=1 keeps each thread's partial sum in adjacent slots of one cache line;
 * imbalance=P gives thread 0 an extra P percent of the per-thread work (static schedule). */
#include "ps_common.h"

#define PAD 8 /* doubles per 64-byte line */

int main(int argc, char **argv) {
  long n = ps_arg(argc, argv, 1, 50000000);
  int fs = (int)ps_arg(argc, argv, 2, 1);
  long imb = ps_arg(argc, argv, 3, 0);
  int nt = ps_threads();
  double *slots = calloc((size_t)(nt * PAD), sizeof(double));
  long per = n / nt;
  double t0 = ps_now();
#pragma omp parallel
  {
#ifdef _OPENMP
    int t = omp_get_thread_num();
#else
    int t = 0;
#endif
    long work = per + (t == 0 ? per * imb / 100 : 0);
    long start = (long)t * per;
    volatile double *slot = fs ? &slots[t] : &slots[t * PAD];
    for (long i = 0; i < work; i++) {
      long x = (start + i) % 1000;
      *slot += (double)x * 0.5;
    }
  }
  double t = ps_now() - t0;
  double sum = 0.0;
  for (int k = 0; k < nt * PAD; k++) sum += slots[k];
  printf("PERFSCOUT kernel=ompreduce n=%ld threads=%d time_s=%.6f metric=time_s value=%.6f "
         "false_sharing=%d imbalance=%ld checksum=%.17g\n", n, nt, t, t, fs, imb, sum);
  free(slots);
  return 0;
}
