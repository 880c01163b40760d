// Hits added to a shared histogram under one std::mutex per hit: every added thread adds turns.
#include <omp.h>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  std::vector<long> hist(64, 0);
  std::mutex m;
  double t0 = omp_get_wtime();
  int team = 1;
#pragma omp parallel
  {
#pragma omp single
    team = omp_get_num_threads();
#pragma omp for
    for (long i = 0; i < n; i++) {
      unsigned b = (unsigned)((i * 2654435761u) >> 26) & 63u;
      std::lock_guard<std::mutex> g(m);
      hist[b]++;
    }
  }
  double t = omp_get_wtime() - t0;
  long sum = 0;
  for (long h : hist) sum += h;
  std::printf("lockhits: %d threads, %ld hits: %.3f s (%.1f ns/hit)  sum %ld\n", team, n, t,
              1e9 * t / n, sum);
  return 0;
}
