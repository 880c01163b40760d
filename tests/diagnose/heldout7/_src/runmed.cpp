// Running median filter of a noisy signal: each output sorts a copy of its window.
#include <algorithm>
#include <ctime>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
int main(int argc, char **argv)
{
  int n = argc > 1 ? std::atoi(argv[1]) : 200000, w = argc > 2 ? std::atoi(argv[2]) : 101;
  std::vector<double> x(n), y(n), win(w);
  unsigned s = 3;
  for (int i = 0; i < n; i++) { s = s * 1664525u + 1013904223u; x[i] = std::sin(i * 1e-3) + (s >> 8) / 16777216.0; }
  auto t0 = std::chrono::steady_clock::now();
  std::clock_t c0 = std::clock();
  for (int i = 0; i + w <= n; i++) {
    std::copy(x.begin() + i, x.begin() + i + w, win.begin());
    std::sort(win.begin(), win.end());
    y[i + w / 2] = win[w / 2];
  }
  double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  double c = double(std::clock() - c0) / CLOCKS_PER_SEC;
  std::printf("samples %d window %d: %.3f s, cpu %.3f s (%.2f us cpu per sample), y[n/2]=%.6f\n", n, w, t, c, 1e6 * c / n, y[n / 2]);
  return 0;
}
