// Gamma-ray spectrum from simulated detector events: each event's deposited energy is computed
// per thread, then added to one shared histogram inside an OpenMP critical section.
// Prints threads, events, seconds, ns per event.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <omp.h>
#include <vector>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000;
  std::vector<long> hist(4096, 0);
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    unsigned s = 12345u + 977u * omp_get_thread_num();
#pragma omp for schedule(static)
    for (long e = 0; e < n; e++) {
      s = s * 1664525u + 1013904223u;
      double u = (s >> 8) * (1.0 / 16777216.0);
      double en = 662.0 * (1.0 - 0.3 * u * u) + 2.0 * (u - 0.5);
      int bin = (int)(en * 4096.0 / 700.0) & 4095;
#pragma omp critical(histogram)
      hist[bin]++;
    }
  }
  double sec = omp_get_wtime() - t0;
  long peak = 0; for (long h : hist) if (h > peak) peak = h;
  printf("threads=%d events=%ld seconds=%.4f ns_per_event=%.1f peak=%ld\n", omp_get_max_threads(), n, sec, 1e9 * sec / n, peak);
}
