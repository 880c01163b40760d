/* OpenMP weighted histogram: a double atomic add per sample (a compare-and-swap loop). */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#define BINS 16
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40000000L;
  static double hist[BINS];
  double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    unsigned long x = (unsigned long)i * 2654435761UL;
#pragma omp atomic
    hist[(x >> 7) % BINS] += 1.0 / (double)(1 + (x & 7));
  }
  double s = 0; for (int b = 0; b < BINS; b++) s += hist[b];
  printf("weight=%.1f threads=%d time=%.3f s\n", s, omp_get_max_threads(), omp_get_wtime() - t0);
  return 0;
}
