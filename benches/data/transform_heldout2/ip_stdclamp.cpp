// Extract one patch per row of a float image with clamp-to-edge (std::clamp), the
// patch start taken from a table per row (unchanged inside the row), an inclusive
// (<=) inner loop, and a mirrored second read with a negative coefficient.
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
  const int W = 3000, H = 800, L = 1024;
  std::vector<float> img(static_cast<size_t>(W) * H), patch(static_cast<size_t>(L) * H, 0.0f);
  std::vector<int> start(H);
  for (size_t t = 0; t < img.size(); ++t) img[t] = static_cast<float>((t * 13) % 37) - 18.0f;
  for (int y = 0; y < H; ++y) start[y] = (y * 397) % 2200 - 60;
  for (int pass = 0; pass < 4; ++pass) {
    for (int y = 0; y < H; ++y) {
      const int x0 = start[y] + pass;
      const float *row = &img[static_cast<size_t>(y) * W];
      float *p = &patch[static_cast<size_t>(y) * L];
      for (int x = 0; x <= L - 1; ++x)
        p[x] += 0.75f * row[std::clamp(x0 + x, 0, W - 1)] - 0.25f * row[std::clamp(x0 + L - 1 - x, 0, W - 1)]; // HOT
    }
  }
  double s = 0.0;
  for (size_t t = 0; t < patch.size(); ++t) s += patch[t] * static_cast<double>(1 + t % 9);
  std::printf("checksum %.9g\n", s);
  return 0;
}
