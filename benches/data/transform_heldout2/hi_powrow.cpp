// Row scaling of a float matrix kept in a std::vector: the column weight uses
// std::pow and std::sqrt of the column index only.
#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  const int rows = 1300, cols = 1100;
  const float c = 0.013f;
  std::vector<float> m(static_cast<size_t>(rows) * cols);
  for (size_t t = 0; t < m.size(); ++t) m[t] = static_cast<float>((t * 5) % 23) - 11.0f;
  std::vector<double> rowsum(rows, 0.0);
  for (int r = 0; r < rows; ++r) {
    float acc = 0.0f;
    for (int col = 0; col < cols; ++col) {
      const float g = std::pow(1.0f + c * col, 0.75f) / std::sqrt(2.0f + col); // HOT
      m[static_cast<size_t>(r) * cols + col] *= g;
      acc += m[static_cast<size_t>(r) * cols + col];
    }
    rowsum[r] = acc;
  }
  double s = 0.0;
  for (int r = 0; r < rows; ++r) s += rowsum[r] * (1 + r % 3);
  for (size_t t = 0; t < m.size(); t += 97) s += m[t];
  std::printf("checksum %.17g\n", s);
  return 0;
}
