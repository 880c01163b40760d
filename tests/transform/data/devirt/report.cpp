#include "report.hpp"

#include <cstdio>

void report(const std::vector<double>& u, double extra, double seconds) {
  double s = 0.0, m = 0.0;
  for (double v : u) {
    s += v;
    if (v > m) m = v;
  }
  std::printf("cells %zu checksum %.12e max %.12e extra %.12e\n", u.size(), s, m, extra);
  std::printf("time %.6f s\n", seconds);
}
