// Particle step: keys computed in parallel, particles reordered by key with std::sort (serial),
// then a parallel force pass. Prints wall and process CPU time per phase.
#include <omp.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

static double pcpu() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000L;
  int steps = argc > 2 ? atoi(argv[2]) : 3;
  std::vector<double> x(n), v(n);
  std::vector<long> key(n);
  for (long i = 0; i < n; i++) {
    x[i] = (double)((i * 40503L) % 1000003L) / 1000003.0;
    v[i] = 0.0;
  }
  double wk = 0, ws = 0, wf = 0, ck = 0, cs = 0, cf = 0;
  for (int s = 0; s < steps; s++) {
    double w0 = omp_get_wtime(), c0 = pcpu();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) key[i] = (long)(x[i] * 1048576.0) * 4096L + (i & 4095);
    double w1 = omp_get_wtime(), c1 = pcpu();
    std::sort(key.begin(), key.end());
    double w2 = omp_get_wtime(), c2 = pcpu();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
      double k = (double)(key[i] >> 12) / 1048576.0;
      v[i] += 1e-3 * (k - x[i]);
      x[i] = std::fmod(x[i] + 1e-3 * v[i] + 1.0, 1.0);
    }
    double w3 = omp_get_wtime(), c3 = pcpu();
    wk += w1 - w0; ws += w2 - w1; wf += w3 - w2;
    ck += c1 - c0; cs += c2 - c1; cf += c3 - c2;
  }
  printf("threads=%d n=%ld steps=%d\n", omp_get_max_threads(), n, steps);
  printf("phase keys  wall_s=%.3f cpu_s=%.3f\n", wk, ck);
  printf("phase sort  wall_s=%.3f cpu_s=%.3f\n", ws, cs);
  printf("phase force wall_s=%.3f cpu_s=%.3f\n", wf, cf);
  double t = 0;
  for (long i = 0; i < n; i += 1000) t += x[i];
  printf("total wall_s=%.3f cpu_s=%.3f check=%.6f\n", wk + ws + wf, ck + cs + cf, t);
  return 0;
}
