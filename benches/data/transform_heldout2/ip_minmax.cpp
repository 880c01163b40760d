// 3-D volume: along x, average two samples at 2*i + off and 2*i + off + 1 of a
// finer grid, clamped with std::min(std::max(...)) on long indices.
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
  const long NXF = 260, NY = 120, NZ = 90, NXC = 128;
  std::vector<double> fine(static_cast<size_t>(NXF * NY * NZ)), coarse(static_cast<size_t>(NXC * NY * NZ));
  for (size_t t = 0; t < fine.size(); ++t) fine[t] = static_cast<double>((t * 3) % 41) * 0.25 - 5.0;
  for (int rep = 0; rep < 3; ++rep)
    for (long z = 0; z < NZ; ++z)
      for (long y = 0; y < NY; ++y) {
        const long off = (z + y) % 7 - 3;
        const double *line = &fine[static_cast<size_t>((z * NY + y) * NXF)];
        double *cl = &coarse[static_cast<size_t>((z * NY + y) * NXC)];
        for (long i = 0; i < NXC; ++i)
          cl[i] += 0.5 * (line[std::min(std::max(2 * i + off, 0L), NXF - 1)] +
                          line[std::min(std::max(2 * i + off + 1, 0L), NXF - 1)]); // HOT
      }
  double s = 0.0;
  for (size_t t = 0; t < coarse.size(); ++t) s += coarse[t] * static_cast<double>(1 + t % 11);
  std::printf("checksum %.17g\n", s);
  return 0;
}
