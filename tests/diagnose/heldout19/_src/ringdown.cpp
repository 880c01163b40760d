// Ringdown fit of a gravitational-wave-like damped sinusoid: the misfit of a grid of trial
// frequencies (model exp(-g t) cos(f t) per sample) is summed over the data samples in REAL (long double by default; -DREAL=double for
// the double build). Prints the precision mode, trials, seconds and ns per sample-trial.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#ifndef REAL
#define REAL long double
#endif
int main(int argc, char **argv) {
  int ns = argc > 1 ? atoi(argv[1]) : 4096, nt = argc > 2 ? atoi(argv[2]) : 400;
  std::vector<REAL> d(ns), w(ns);
  for (int i = 0; i < ns; i++) { d[i] = std::exp(-0.002 * i) * std::cos(0.31 * i); w[i] = 1.0 / (1.0 + 1e-4 * i); }
  auto t0 = std::chrono::steady_clock::now();
  REAL best = 1e300; int ibest = 0;
  for (int t = 0; t < nt; t++) {
    REAL f = 0.25 + 0.0003 * t, g = 0.002, mis = 0.0;
    for (int i = 0; i < ns; i++) {
      REAL r = d[i] - std::exp(-g * i) * std::cos(f * i);
      mis += w[i] * r * r;
    }
    if (mis < best) { best = mis; ibest = t; }
  }
  double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  printf("mode=%s bytes=%zu trials=%d samples=%d seconds=%.4f ns_per_sample_trial=%.2f best=%d\n", sizeof(REAL) == 8 ? "double" : "long double", sizeof(REAL), nt, ns, sec, 1e9 * sec / ((double)ns * nt), ibest);
}
