// evhits: OpenMP toy detector simulation. Each track is stepped through 64 layers; every layer
// crossing is a hit appended to one shared std::vector<Hit> under a std::mutex.
// Usage: evhits ntracks. Prints the thread count, the hits and the time.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <omp.h>
#include <vector>

struct Hit { int track, layer; float x, y; };

int main(int argc, char **argv) {
  int ntracks = argc > 1 ? std::atoi(argv[1]) : 60000;
  std::vector<Hit> hits;
  hits.reserve((size_t)ntracks * 64);
  std::mutex m;
  double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
  for (int t = 0; t < ntracks; t++) {
    float phi = 6.2831853f * (t % 977) / 977.0f, curv = 1e-3f * (1 + t % 13);
    float x = 0, y = 0;
    for (int l = 0; l < 64; l++) {
      x += std::cos(phi + curv * l); y += std::sin(phi + curv * l);
      std::lock_guard<std::mutex> g(m);
      hits.push_back(Hit{t, l, x, y});
    }
  }
  double t = omp_get_wtime() - t0;
  double sx = 0;
  for (const Hit &h : hits) sx += h.x;
  std::printf("evhits: %d threads, %d tracks, %zu hits: %.3f s (%.1f ns/hit)  sum x %.3e\n", omp_get_max_threads(), ntracks,
              hits.size(), t, 1e9 * t / hits.size(), sx);
  return 0;
}
