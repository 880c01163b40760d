// Neighbour pairs within a radius through a sparse spatial hash: most of the 27 cells around
// a particle are empty, and each empty one is a miss of cells.at() caught as an exception.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "grid.hpp"

static double lcg(unsigned long& s) {
  s = s * 6364136223846793005UL + 1442695040888963407UL;
  return static_cast<double>(s >> 11) / 9007199254740992.0;
}

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 20000;
  int sweeps = argc > 2 ? std::atoi(argv[2]) : 3;
  double box = 100.0, h = 1.5;
  std::vector<double> x(n), y(n), z(n);
  unsigned long seed = 12345;
  for (int i = 0; i < n; ++i) {
    x[i] = box * lcg(seed);
    y[i] = box * lcg(seed);
    z[i] = box * lcg(seed);
  }
  Grid grid = build_grid(x, y, z, h, box);
  long pairs = 0, empty = 0;
  double close = 0.0;
  for (int s = 0; s < sweeps; ++s) {
    for (int i = 0; i < n; ++i) {
      long cx = static_cast<long>(x[i] / h), cy = static_cast<long>(y[i] / h),
           cz = static_cast<long>(z[i] / h);
      for (long dz = -1; dz <= 1; ++dz)
        for (long dy = -1; dy <= 1; ++dy)
          for (long dx = -1; dx <= 1; ++dx) {
            try {
              const long key = cell_key(cx + dx, cy + dy, cz + dz, grid.side);
              const std::vector<int>& members = grid.cells.at(key);
              for (int j : members) {
                double d2 = dist2(x[i], y[i], z[i], x[j], y[j], z[j]);
                if (j != i && d2 < h * h) {
                  ++pairs;
                  close += d2;
                }
              }
            } catch (const std::out_of_range&) {
              ++empty;
            }
          }
    }
  }
  std::printf("pairs %ld empty %ld close %.6f\n", pairs, empty, close);
  return 0;
}
