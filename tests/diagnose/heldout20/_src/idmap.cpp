// idmap: finite-volume flux assembly looking up each face's cell by its global id in a std::map,
// although the ids are dense 0..n-1; -DDENSE indexes a std::vector instead.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>
#include <chrono>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200000;
  int sweeps = argc > 2 ? atoi(argv[2]) : 10;
#ifdef DENSE
  std::vector<double> cell(n);
  for (int i = 0; i < n; i++) cell[i] = i * 1e-3;
#else
  std::map<int, double> cell;
  for (int i = 0; i < n; i++) cell[i] = i * 1e-3;
#endif
  std::vector<int> fl(2 * n), fr(2 * n);
  unsigned s = 99;
  for (int f = 0; f < 2 * n; f++) { s = s * 1664525u + 1013904223u; fl[f] = (s >> 4) % n; fr[f] = (fl[f] + 1 + (s >> 20) % 50) % n; }
  double flux = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (int sw = 0; sw < sweeps; sw++)
    for (int f = 0; f < 2 * n; f++) {
      double a = cell[fl[f]], b = cell[fr[f]];
      flux += 0.5 * (a - b);
    }
  double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("container=%s cells=%d faces=%d sweeps=%d seconds=%.4f ns_per_face=%.1f flux=%.3f\n",
#ifdef DENSE
              "vector",
#else
              "std::map",
#endif
              n, 2 * n, sweeps, t, 1e9 * t / (2.0 * n * sweeps), flux);
  return 0;
}
