// A uniform grid of cells over a cubic box, kept sparse: only the occupied cells are stored.
#pragma once
#include <unordered_map>
#include <vector>

struct Grid {
  double h;   // cell size (the interaction radius)
  long side;  // cells per side
  std::unordered_map<long, std::vector<int>> cells;  // occupied cells -> particle ids
};

inline long cell_key(long ix, long iy, long iz, long side) {
  return ix + side * (iy + side * iz);
}

inline double dist2(double ax, double ay, double az, double bx, double by, double bz) {
  return (ax - bx) * (ax - bx) + (ay - by) * (ay - by) + (az - bz) * (az - bz);
}

Grid build_grid(const std::vector<double>& x, const std::vector<double>& y,
                const std::vector<double>& z, double h, double box);
