// gaugeacc.cpp: river-gauge rainfall accumulation; readings keyed by station code "GA%05d" in a std::map.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>
#include <chrono>
int main(int argc, char **argv) {
  int nst = argc > 1 ? atoi(argv[1]) : 20000;
  long nread = argc > 2 ? atol(argv[2]) : 2000000L;
#ifdef VEC
  std::vector<double> total(nst, 0.0);
#else
  std::map<std::string, double> total;
  char code[16];
  for (int s = 0; s < nst; s++) { snprintf(code, sizeof code, "GA%05d", s); total[code] = 0.0; }
#endif
  unsigned r = 99;
  auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < nread; i++) {
    r = r * 1103515245u + 12345u;
    int st = (r >> 8) % nst; double mm = ((r >> 4) & 255) * 0.01;
#ifdef VEC
    total[st] += mm;
#else
    snprintf(code, sizeof code, "GA%05d", st);
    total[code] += mm;
#endif
  }
  double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  double sum = 0;
#ifdef VEC
  for (double v : total) sum += v;
#else
  for (auto &kv : total) sum += kv.second;
#endif
  printf("stations %d readings %ld  time %.3f s  %.1f ns/reading  total %.2f mm\n", nst, nread, dt, dt * 1e9 / nread, sum);
  return 0;
}
