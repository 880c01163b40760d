// Candidate events kept in one shared std::vector, each push_back under a std::mutex
// ("shared", as written) or in per-thread vectors merged at the end ("local", the fix).
#include <omp.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <vector>

static double tcpu(clockid_t c) {
  timespec t;
  clock_gettime(c, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000000L;
  bool shared = !(argc > 2 && strcmp(argv[2], "local") == 0);
  std::vector<double> kept;
  std::mutex m;
  double per[64] = {0};
  double w0 = omp_get_wtime(), p0 = tcpu(CLOCK_PROCESS_CPUTIME_ID);
#pragma omp parallel
  {
    double c0 = tcpu(CLOCK_THREAD_CPUTIME_ID);
    std::vector<double> mine;
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) {
      double v = (double)((i * 2654435761L) % 1000003L) * 1e-6;
      double e = v * v * 0.5 + v;
      if (e > 0.2) {
        if (shared) {
          std::lock_guard<std::mutex> g(m);
          kept.push_back(e);
        } else {
          mine.push_back(e);
        }
      }
    }
    if (!shared) {
      std::lock_guard<std::mutex> g(m);
      kept.insert(kept.end(), mine.begin(), mine.end());
    }
    per[omp_get_thread_num()] = tcpu(CLOCK_THREAD_CPUTIME_ID) - c0;
  }
  double w = omp_get_wtime() - w0, p = tcpu(CLOCK_PROCESS_CPUTIME_ID) - p0;
  double s = 0;
  for (double v : kept) s += v;
  printf("mode=%s threads=%d events=%ld kept=%zu wall_s=%.3f process_cpu_s=%.3f sum=%.6e\n",
         shared ? "shared-mutex" : "per-thread", omp_get_max_threads(), n, kept.size(), w, p, s);
  for (int t = 0; t < omp_get_max_threads(); t++) printf("  thread %d cpu_s=%.3f\n", t, per[t]);
  return 0;
}
