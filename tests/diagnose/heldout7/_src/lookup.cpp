// Cross sections interpolated from a table; energies outside the table are handled by catching the exception.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>
#include <cmath>
struct Table {
  std::vector<double> e, s;
  double at(double x) const {
    if (x < e.front() || x > e.back()) throw std::out_of_range("energy outside table");
    size_t i = (size_t)((x - e.front()) / (e[1] - e[0]));
    if (i + 1 >= e.size()) i = e.size() - 2;
    double w = (x - e[i]) / (e[i + 1] - e[i]);
    return s[i] * (1 - w) + s[i + 1] * w;
  }
};
int main(int argc, char **argv)
{
  long n = argc > 1 ? std::atol(argv[1]) : 2000000;
  Table t;
  for (int i = 0; i <= 1000; i++) { t.e.push_back(i * 0.01); t.s.push_back(std::exp(-i * 0.003)); }
  double sum = 0; long outside = 0; unsigned s = 1;
  for (long k = 0; k < n; k++) {
    s = s * 1103515245u + 12345u;
    double x = (s >> 8) / 16777216.0 * 20.0;   // energies 0..20, the table covers 0..10
    try { sum += t.at(x); }
    catch (const std::out_of_range &) { sum += t.s.back(); outside++; }
  }
  std::printf("samples %ld  outside table %ld  mean xs %.6f\n", n, outside, sum / n);
  return 0;
}
