// a fresh zeroed 32 MB work vector every step: each step faults its pages in again
#include <vector>
#include <cstdio>
#include <chrono>
int main() {
  const std::size_t n = 4u << 20;
  double keep = 0.0;
  auto t0 = std::chrono::steady_clock::now();
  for (int step = 0; step < 120; ++step) {
    std::vector<double> work(n);
    for (std::size_t i = 0; i < n; i += 64) work[i] = step + i;
    keep += work[n / 2];
  }
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("steps=120 time=%.3fs keep=%g\n", s, keep);
}
