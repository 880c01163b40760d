// A 5-point smoothing stencil over a vector whose edges are handled by vals.at() throwing
// std::out_of_range for an index outside it (the handler counts and skips the point).
#include <array>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1000;
  int sweeps = argc > 2 ? std::atoi(argv[2]) : 200;
  std::vector<long> vals(n);
  for (int i = 0; i < n; ++i) vals[i] = (i * 37L) % 101;
  const std::array<long, 5> w = {1, 4, 6, 4, 1};
  long total = 0, outside = 0;
  for (int s = 0; s < sweeps; ++s) {
    for (int i = 0; i < n; ++i) {
      long acc = 0;
      for (int d = -2; d <= 2; ++d) {
        try {
          acc += vals.at(i + d * (s % 3 + 1)) * w[d + 2];
        } catch (...) {
          ++outside;
          continue;
        }
      }
      total += acc % 1000;
    }
  }
  std::printf("total %ld outside %ld\n", total, outside);
  return 0;
}
