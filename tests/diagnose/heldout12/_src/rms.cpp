// Row RMS norms of a block of samples, recomputed for many blocks (the block stays in cache).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

__attribute__((noinline)) static void rownorms(const double *a, int nr, int nc, double *out) {
  for (int r = 0; r < nr; ++r) {
    const double *row = a + (size_t)r * nc;
    double s = 0.0;
    for (int c = 0; c < nc; ++c)
      s += row[c] * row[c];
    out[r] = std::sqrt(s / nc);
  }
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? std::atoi(argv[1]) : 20000;
  const int nr = 96, nc = 512;
  std::vector<double> a((size_t)nr * nc), out(nr);
  for (size_t k = 0; k < a.size(); ++k) a[k] = std::sin(0.001 * k) + 0.01 * (k % 7);
  double acc = 0.0;
  timespec t0, t1;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
  for (int it = 0; it < reps; ++it) {
    a[it % a.size()] += 1e-9;
    rownorms(a.data(), nr, nc, out.data());
    acc += out[it % nr];
  }
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
  double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  std::printf("blocks=%d rows=%d cols=%d cpu_s=%.3f ns_per_element=%.3f acc=%.6e\n", reps, nr, nc, s,
              1e9 * s / ((double)reps * nr * nc), acc);
  return 0;
}
