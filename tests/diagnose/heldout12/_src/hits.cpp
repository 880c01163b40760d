// OpenMP Monte-Carlo detector: every ray that hits the sphere is appended to one shared std::vector
// inside an omp critical section.
#include <omp.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct Hit { float x, y, z; int id; };

static inline double urand(uint64_t &s) {
  s ^= s << 13; s ^= s >> 7; s ^= s << 17;
  return (s >> 11) * (1.0 / 9007199254740992.0);
}

int main(int argc, char **argv) {
  long nrays = argc > 1 ? std::atol(argv[1]) : 4000000;
  std::vector<Hit> hits;
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
    uint64_t s = 88172645463325252ULL + 7919ULL * omp_get_thread_num();
#pragma omp for schedule(static)
    for (long r = 0; r < nrays; ++r) {
      double x = 2 * urand(s) - 1, y = 2 * urand(s) - 1, z = 2 * urand(s) - 1;
      if (x * x + y * y + z * z < 1.0) {
#pragma omp critical
        hits.push_back(Hit{(float)x, (float)y, (float)z, (int)r});
      }
    }
  }
  double t1 = omp_get_wtime();
  std::printf("threads=%d rays=%ld hits=%zu wall_s=%.3f ns_per_ray=%.1f pi_est=%.5f\n", omp_get_max_threads(), nrays,
              hits.size(), t1 - t0, 1e9 * (t1 - t0) / nrays, 6.0 * hits.size() / nrays);
  return 0;
}
