// crystal.cpp: diffusion-limited crystal growth on a 512^3 lattice; occupied sites kept in a std::set<long>, each walker step looks up its 6 neighbours in the set; -DBITMAP a std::vector<char> occupancy grid.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <set>
#include <vector>
static const long L = 512;
static long idx(long x, long y, long z) { return (x * L + y) * L + z; }
int main(int argc, char **argv) {
  long walkers = argc > 1 ? atol(argv[1]) : 10000;
#ifdef BITMAP
  std::vector<char> occ(L * L * L, 0);
  auto has = [&](long i) { return occ[i] != 0; };
  auto add = [&](long i) { occ[i] = 1; };
#else
  std::set<long> occ;
  auto has = [&](long i) { return occ.count(i) != 0; };
  auto add = [&](long i) { occ.insert(i); };
#endif
  long c = L / 2; add(idx(c, c, c)); long stuck = 1, steps = 0;
  unsigned s = 99;
  auto t0 = std::chrono::steady_clock::now();
  for (long w = 0; w < walkers; w++) {
    long x = c + 40, y = c, z = c;
    s = s * 1664525u + 1013904223u; y += (long)(s >> 27) - 16; z += (long)((s >> 22) & 31) - 16;
    for (int it = 0; it < 200000; it++) {
      steps++;
      if (has(idx(x + 1, y, z)) || has(idx(x - 1, y, z)) || has(idx(x, y + 1, z)) || has(idx(x, y - 1, z)) || has(idx(x, y, z + 1)) || has(idx(x, y, z - 1))) { add(idx(x, y, z)); stuck++; break; }
      s = s * 1664525u + 1013904223u;
      switch ((s >> 24) % 6) { case 0: x++; break; case 1: x--; break; case 2: y++; break; case 3: y--; break; case 4: z++; break; default: z--; }
      if (x < c - 60 || x > c + 60 || y < c - 60 || y > c + 60 || z < c - 60 || z > c + 60) { x = c + 40; y = c; z = c; }
      if ((s >> 20) % 3 == 0 && x > c) x--;
    }
  }
  double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("crystal: walkers=%ld stuck=%ld walker steps=%ld time=%.3f s  ns/step=%.2f\n", walkers, stuck, steps, t, 1e9 * t / steps);
  return 0;
}
