// vblur: vertical 5-tap Gaussian blur of a w x h row-major image held in a std::vector<float>,
// written with the row loop innermost (each inner step jumps a whole row of w floats).
// Usage: vblur w h passes. Prints the time per pixel.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

static void blur_columns(const std::vector<float> &in, std::vector<float> &out, int w, int h) {
  for (int x = 0; x < w; x++)
    for (int y = 2; y < h - 2; y++)
      out[(size_t)y * w + x] = 0.0625f * in[(size_t)(y - 2) * w + x] + 0.25f * in[(size_t)(y - 1) * w + x] +
                               0.375f * in[(size_t)y * w + x] + 0.25f * in[(size_t)(y + 1) * w + x] +
                               0.0625f * in[(size_t)(y + 2) * w + x];
}

int main(int argc, char **argv) {
  int w = argc > 1 ? std::atoi(argv[1]) : 2048, h = argc > 2 ? std::atoi(argv[2]) : 2048;
  int passes = argc > 3 ? std::atoi(argv[3]) : 4;
  std::vector<float> a((size_t)w * h), b((size_t)w * h, 0.0f);
  for (size_t i = 0; i < a.size(); i++) a[i] = (float)((i * 7919) % 255);
  auto t0 = std::chrono::steady_clock::now();
  for (int p = 0; p < passes; p++) { blur_columns(a, b, w, h); a.swap(b); }
  double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("vblur %d x %d, %d passes: %.3f s, %.3f ns/pixel (centre %.3f)\n", w, h, passes, t,
              1e9 * t / ((double)w * h * passes), a[(size_t)(h / 2) * w + w / 2]);
  return 0;
}
