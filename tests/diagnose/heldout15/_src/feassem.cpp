// Finite-element assembly of a 2-D bilinear-quad stiffness matrix into a std::map keyed by
// (row, column), the 4x4 element matrices added entry by entry, repeated for several assemblies
// (one per nonlinear iteration). Prints nonzeros, time per assembly and ns per element entry.
// Usage: feassem NX ASSEMBLIES
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>

int main(int argc, char **argv) {
  int nx = argc > 1 ? std::atoi(argv[1]) : 250;
  int nasm = argc > 2 ? std::atoi(argv[2]) : 3;
  const double ke[4][4] = {{4, -1, -2, -1}, {-1, 4, -1, -2}, {-2, -1, 4, -1}, {-1, -2, -1, 4}};
  std::map<std::pair<int, int>, double> K;
  double total = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (int a = 0; a < nasm; a++) {
    K.clear();
    for (int ey = 0; ey < nx; ey++)
      for (int ex = 0; ex < nx; ex++) {
        int nodes[4] = {ey * (nx + 1) + ex, ey * (nx + 1) + ex + 1, (ey + 1) * (nx + 1) + ex + 1, (ey + 1) * (nx + 1) + ex};
        double c = 1.0 + 0.01 * a + 1e-4 * ex;
        for (int i = 0; i < 4; i++)
          for (int j = 0; j < 4; j++) K[{nodes[i], nodes[j]}] += c * ke[i][j] / 6.0;
      }
  }
  double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (auto &kv : K) total += kv.second * kv.second;
  std::printf("elements=%d nonzeros=%zu assemblies=%d time=%.3f s  %.1f ns/entry  norm2=%.6e\n", nx * nx, K.size(), nasm, t,
              1e9 * t / (16.0 * nx * nx * nasm), total);
  return 0;
}
