/* Blocked dot product of two L2-resident vectors, repeated, single-threaded, for a replay table.
 * -DACC=a partial accumulators (1, 2, 4, 8), -DBLOCK=b elements per block (each block's partial
 * sums are folded into the total after the block). Compute-bound: flags and accumulators decide.
 * usage: dot_blocked N REPS; prints cpu_s and checksum. */
#include <stdio.h>
#include <stdlib.h>
#include "ps_cpu.h"
#ifndef ACC
#define ACC 1
#endif
#ifndef BLOCK
#define BLOCK 1024
#endif
static double dot(long n, const double *restrict x, const double *restrict y) {
  double total = 0.0;
  for (long b = 0; b < n; b += BLOCK) {
    long e = b + BLOCK < n ? b + BLOCK : n;
    double s[ACC] = {0};
    long i = b;
    for (; i + ACC <= e; i += ACC)
      for (int a = 0; a < ACC; a++) s[a] += x[i + a] * y[i + a];
    for (; i < e; i++) s[0] += x[i] * y[i];
    for (int a = 0; a < ACC; a++) total += s[a];
  }
  return total;
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 16384, reps = argc > 2 ? atol(argv[2]) : 1000;
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  if (!x || !y) return 2;
  for (long i = 0; i < n; i++) { x[i] = (double)(i % 9) * 0.5; y[i] = (double)(i % 5) - 2.0; }
  double acc = 0.0, t0 = ps_cpu();
  for (long r = 0; r < reps; r++) { acc += dot(n, x, y); x[r % n] += 1.0; }
  double el = ps_cpu() - t0;
  printf("cpu_s=%.6f checksum=%.17g\n", el, acc);
  free(x); free(y);
  return 0;
}
