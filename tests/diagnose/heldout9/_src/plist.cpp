// Particles kept in a std::list whose nodes are linked in shuffled order (allocated in order, spliced); every step
// walks the list to sum the energy and damp the velocities. Prints ns per node visited at several sizes.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <list>
#include <random>
#include <time.h>
#include <vector>
struct P { double m, v; };
static double cpu() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
__attribute__((noinline)) static double energy(std::list<P> &ps) {
  double e = 0.0;
  for (P &p : ps)
    { e += 0.5 * p.m * p.v * p.v; p.v *= 0.9999999; }
  return e;
}
static double run(long n, long visits) {
  std::vector<long> idx(n);
  for (long i = 0; i < n; i++) idx[i] = i;
  std::mt19937_64 g(42);
  std::shuffle(idx.begin(), idx.end(), g);
  std::vector<std::list<P>::iterator> at(n);
  std::list<P> ps;
  std::vector<std::list<P>> pool(1);
  for (long i = 0; i < n; i++) ps.push_back(P{1.0 + (i % 7), 0.001 * (i % 13)});
  // scatter the nodes: move them, in shuffled order, to the end of a new list
  std::list<P> shuffled;
  std::vector<std::list<P>::iterator> its; its.reserve(n);
  for (auto it = ps.begin(); it != ps.end(); ++it) its.push_back(it);
  for (long i = 0; i < n; i++) shuffled.splice(shuffled.end(), ps, its[idx[i]]);
  long steps = visits / n; if (steps < 1) steps = 1;
  double t0 = cpu(), e = 0.0;
  for (long s = 0; s < steps; s++) e += energy(shuffled);
  double t = cpu() - t0;
  std::printf("n=%-8ld steps=%-6ld cpu_time=%.3f s ns_per_node=%.2f e=%.4e\n", n, steps, t, 1e9 * t / ((double)steps * n), e);
  return t;
}
int main(int argc, char **argv) {
  long visits = argc > 1 ? atol(argv[1]) : 40000000L;
  for (int i = 2; i < argc; i++) run(atol(argv[i]), visits);
  if (argc <= 2) { run(1000, visits); run(100000, visits); run(2000000, visits); }
  return 0;
}
