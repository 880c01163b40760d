// Gather through a permutation table: the clamped index is perm[j] + d, a table
// lookup, not linear in the loop variable.
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
  const int n = 4096, rows = 600;
  std::vector<int> perm(n);
  std::vector<double> v(n), out(static_cast<size_t>(rows) * n);
  for (int j = 0; j < n; ++j) perm[j] = (j * 1237) % n;
  for (int j = 0; j < n; ++j) v[j] = static_cast<double>((j * 5) % 29) - 14.0;
  for (int r = 0; r < rows; ++r) {
    const int d = r % 9 - 4;
    double *o = &out[static_cast<size_t>(r) * n];
    for (int j = 0; j < n; ++j) o[j] = v[std::clamp(perm[j] + d, 0, n - 1)] * (1.0 + 0.001 * r); // HOT
  }
  double s = 0.0;
  for (size_t t = 0; t < out.size(); ++t) s += out[t] * static_cast<double>(1 + t % 7);
  std::printf("checksum %.17g\n", s);
  return 0;
}
