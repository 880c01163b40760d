// Sheared (oblique) 2-D lattice: the x position of a node depends on both its
// column and its row, so the x term is not linear in one loop index alone.
#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  const int NA = 800, NB = 800;
  const double h = 0.03, shear = 0.5, cx = 13.0, cy = 9.5, rcut = 1.7;
  const double rcut2 = rcut * rcut;
  std::vector<double> field(static_cast<size_t>(NA) * NB, 0.0);
  for (int rep = 0; rep < 3; ++rep) {
    for (int b = 0; b < NB; ++b) {
      for (int a = 0; a < NA; ++a) {
        double dx = a * h + shear * b * h - cx;
        double dy = b * h - cy;
        double s2 = dx * dx + dy * dy;
        if (s2 < rcut2) field[static_cast<size_t>(b) * NA + a] += std::cos(s2 + rep); // HOT
      }
    }
  }
  double s = 0.0;
  for (size_t t = 0; t < field.size(); ++t) s += field[t] * static_cast<double>(1 + t % 7);
  std::printf("checksum %.17g\n", s);
  return 0;
}
