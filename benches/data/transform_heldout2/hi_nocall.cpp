// A column weight that is a plain polynomial of the column index: nothing costly
// to keep out of the loop (no function call), so there is nothing to tabulate.
#include <cstdio>
#include <vector>

int main() {
  const int nr = 1500, nc = 1400;
  const double a2 = 0.5e-6, a1 = 1.5e-3, a0 = 2.0;
  std::vector<double> g(static_cast<size_t>(nr) * nc);
  for (size_t t = 0; t < g.size(); ++t) g[t] = static_cast<double>((t * 11) % 29) - 14.0;
  for (int r = 0; r < nr; ++r) {
    for (int k = 0; k < nc; ++k) {
      double w = a2 * k * k + a1 * k + a0; // HOT
      g[static_cast<size_t>(r) * nc + k] *= w;
    }
  }
  double s = 0.0;
  for (size_t t = 0; t < g.size(); ++t) s += g[t] * static_cast<double>(1 + t % 7);
  std::printf("checksum %.17g\n", s);
  return 0;
}
