// Lennard-Jones molecular dynamics: pair forces over a fixed neighbour list whose particle positions are fetched by id from a std::map<int, Pos>; -DVEC a std::vector indexed by id.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>
#include <chrono>
struct Pos { double x, y, z; };
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 50000, steps = argc > 2 ? atoi(argv[2]) : 20;
#ifdef VEC
  std::vector<Pos> P(n);
#else
  std::map<int, Pos> P;
#endif
  for (int i = 0; i < n; i++) P[i] = Pos{(i % 37) * 1.1, (i / 37 % 37) * 1.1, (i / 1369) * 1.1};
  std::vector<std::pair<int, int>> nb;
  for (int i = 0; i < n; i++) for (int d = 1; d <= 12; d++) nb.push_back({i, (int)((i + d * 37L + d) % n)});
  double epot = 0; auto t0 = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; s++)
    for (auto &pr : nb) {
      const Pos &a = P[pr.first], &b = P[pr.second];
      double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z, r2 = dx * dx + dy * dy + dz * dz + 0.5;
      double ir6 = 1.0 / (r2 * r2 * r2); epot += 4.0 * (ir6 * ir6 - ir6);
    }
  double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  printf("ljmap atoms=%d pairs=%zu steps=%d  %.3f s  %.1f ns/pair  epot %.6e\n", n, nb.size(), steps, t, 1e9 * t / ((double)nb.size() * steps), epot);
  return 0;
}
