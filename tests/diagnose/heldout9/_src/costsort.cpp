// Cells sorted by refinement level (cheap cells first); each cell costs work proportional to its
// level. An OpenMP loop with schedule(static) gives thread 0 the cheap half and thread 1 the
// expensive half. Prints each thread's CPU time (CLOCK_THREAD_CPUTIME_ID) and cell count.
#include <omp.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <time.h>
#include <vector>
static double tcpu() { timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40000;
  std::vector<int> level(n);
  for (long i = 0; i < n; i++) level[i] = 1 + (int)(200.0 * i / n);  // sorted: 1..200
  std::vector<double> val(n);
  double busy[64] = {0}; long cells[64] = {0};
#pragma omp parallel
  {
    double t0 = tcpu();
    long c = 0;
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) {
      double x = 1.0 + i * 1e-6;
      for (int k = 0; k < level[i] * 40; k++) x = std::sqrt(x + 1.0) * 0.999;
      val[i] = x;
      c++;
    }
    busy[omp_get_thread_num()] = tcpu() - t0;
    cells[omp_get_thread_num()] = c;
  }
  for (int t = 0; t < omp_get_max_threads(); t++) std::printf("thread %d cells=%ld busy_cpu=%.3f s\n", t, cells[t], busy[t]);
  std::printf("check=%.6f\n", val[n - 1]);
  return 0;
}
