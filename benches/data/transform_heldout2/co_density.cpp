// Gaussian density of a few atoms on a 2-D grid stored in a std::vector<double>;
// the y distance is squared once per row, outside the inner loop.
#include <cmath>
#include <cstdio>
#include <vector>

struct Box {
  double origin_x, origin_y, spacing;
  double cutoff;
};

int main() {
  const int NXG = 1000, NYG = 800;
  Box box{-2.0, -1.5, 0.02, 0.9};
  std::vector<double> ax = {1.1, 5.7, 9.2, 14.3, 3.3}, ay = {0.4, 3.9, 8.8, 12.1, 6.6};
  std::vector<double> rho(static_cast<size_t>(NXG) * NYG, 0.0);
  const double cutsq = box.cutoff * box.cutoff;
  for (size_t a = 0; a < ax.size(); ++a) {
    for (int iy = 0; iy < NYG; ++iy) {
      double vy = box.origin_y + iy * box.spacing - ay[a];
      double vy2 = vy * vy;
      for (int ix = 0; ix < NXG; ++ix) {
        double vx = box.origin_x + ix * box.spacing - ax[a];
        double rr = vx * vx + vy2;
        if (rr < cutsq) { // HOT
          rho[static_cast<size_t>(iy) * NXG + ix] += std::exp(-4.0 * rr);
        }
      }
    }
  }
  double s = 0.0;
  for (size_t t = 0; t < rho.size(); ++t) s += rho[t] * static_cast<double>(1 + t % 9);
  std::printf("checksum %.17g\n", s);
  return 0;
}
