#include "grid.hpp"

Grid build_grid(const std::vector<double>& x, const std::vector<double>& y,
                const std::vector<double>& z, double h, double box) {
  Grid g;
  g.h = h;
  g.side = static_cast<long>(box / h) + 1;
  for (int i = 0; i < static_cast<int>(x.size()); ++i) {
    long k = cell_key(static_cast<long>(x[i] / h), static_cast<long>(y[i] / h),
                      static_cast<long>(z[i] / h), g.side);
    g.cells[k].push_back(i);
  }
  return g;
}
