// phasebuild: OpenMP particle code; each step rebuilds a cell list serially (sorting particles into cells)
// and then computes the forces in parallel; phase table per step total.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cmath>
#include <omp.h>
struct P { double x, y; int cell; };
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 400000;
  int steps = argc > 2 ? atoi(argv[2]) : 6;
  std::vector<P> p(n);
  unsigned s = 7;
  for (auto &q : p) { s = s * 1664525u + 1013904223u; q.x = (s >> 8) / 16777216.0; s = s * 1664525u + 1013904223u; q.y = (s >> 8) / 16777216.0; }
  std::vector<double> f(n);
  double tb = 0, tf = 0;
  for (int st = 0; st < steps; st++) {
    double t0 = omp_get_wtime();
    for (auto &q : p) q.cell = (int)(q.x * 256) * 256 + (int)(q.y * 256);
    std::sort(p.begin(), p.end(), [](const P &a, const P &b) { return a.cell < b.cell; });
    double t1 = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++) {
      double acc = 0;
      for (int k = 1; k <= 48; k++) {
        int j = i + k < n ? i + k : i + k - n;
        double dx = p[i].x - p[j].x, dy = p[i].y - p[j].y;
        acc += 1.0 / (1e-3 + dx * dx + dy * dy);
      }
      f[i] = acc;
    }
    double t2 = omp_get_wtime();
    tb += t1 - t0; tf += t2 - t1;
    for (auto &q : p) { q.x = std::fmod(q.x + 1e-4 * (q.cell % 7), 1.0); }
  }
  std::printf("threads=%d particles=%d steps=%d build_cells_s=%.4f forces_s=%.4f total_s=%.4f\n", omp_get_max_threads(), n, steps, tb, tf, tb + tf);
  return 0;
}
