// triangular work split with schedule(static): the last thread gets the long rows
#include <omp.h>
#include <cstdio>
#include <vector>
#include <cmath>
int main() {
  const int n = 5200;
  std::vector<double> row(n, 0.0);
  int nt = omp_get_max_threads();
  std::vector<double> busy(nt, 0.0);
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    double s0 = omp_get_wtime();
#pragma omp for schedule(static) nowait
    for (int i = 0; i < n; ++i) {
      double acc = 0.0;
      for (int j = 0; j < i; ++j) acc += std::sqrt((double)(i ^ j) + 1.0);
      row[i] = acc;
    }
    busy[t] = omp_get_wtime() - s0;
  }
  double t1 = omp_get_wtime();
  std::printf("elapsed %.3f s with %d threads\n", t1 - t0, nt);
  std::printf("per-thread busy:");
  for (int t = 0; t < nt; ++t) std::printf(" T%d=%.0fms", t, busy[t] * 1e3);
  std::printf("\nchecksum %.6e\n", row[n - 1]);
}
