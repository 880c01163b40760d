#include "split.hpp"

double integrate(const std::vector<double>& u, const std::function<double(double)>& g) {
  double s = 0.0;
  for (double v : u) s += g(v);
  return s / static_cast<double>(u.size());
}
