// inserts each new value at the front of a std::vector: every insert moves all elements
#include <vector>
#include <chrono>
#include <cstdio>
int main() {
  std::printf("n,seconds\n");
  for (int n = 20000; n <= 160000; n *= 2) {
    std::vector<int> v;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) v.insert(v.begin(), i);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%d,%.4f\n", n, s + v[0] * 0.0);
  }
}
