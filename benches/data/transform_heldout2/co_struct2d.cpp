// Splat one particle onto a 2-D float grid; centre and cutoff held in a struct.
// The y loop is outside, the x loop inside; the y term has a negative coefficient.
#include <cmath>
#include <cstdio>
#include <vector>

struct Particle {
  float x, y;
  float rcut;
  float q;
};

static void splat(const Particle &p, int nx, int ny, float h, std::vector<float> &grid) {
  const float r2max = p.rcut * p.rcut;
  for (int row = 0; row < ny; ++row) {
    for (int col = 0; col < nx; ++col) {
      float ddx = col * h - p.x;
      float ddy = p.y - row * h;
      float d2 = ddx * ddx + ddy * ddy;
      if (d2 < r2max) grid[row * nx + col] += p.q * (1.0f - d2 / r2max); // HOT
    }
  }
}

int main() {
  const int nx = 900, ny = 700;
  const float h = 0.05f;
  std::vector<float> grid(nx * ny, 0.0f);
  for (int p = 0; p < 12; ++p) {
    Particle part{3.0f + 3.1f * p, 4.0f + 2.3f * (p % 5), 1.5f + 0.25f * (p % 3), 1.0f + 0.5f * p};
    splat(part, nx, ny, h, grid);
  }
  double s = 0.0;
  for (int i = 0; i < nx * ny; ++i) s += grid[i] * (1.0 + (i % 11));
  std::printf("checksum %.9g\n", s);
  return 0;
}
