// Tally of particle hits per detector cell: cell ids are 64-bit integers (hashed
// coordinates), counts kept in a std::map<long,long>; 2 M hits over 500 k distinct cells.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <unordered_map>
static double cputime() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long hits = argc > 1 ? atol(argv[1]) : 4000000, cells = argc > 2 ? atol(argv[2]) : 500000;
#ifdef HASH
  std::unordered_map<long, long> count; count.reserve(cells);
#else
  std::map<long, long> count;
#endif
  unsigned long x = 7;
  double c0 = cputime();
  for (long h = 0; h < hits; h++) {
    x = x * 6364136223846793005UL + 1442695040888963407UL;
    long id = (long)((x >> 20) % cells) * 1000003L;
    count[id]++;
  }
  long mx = 0; for (auto &kv : count) if (kv.second > mx) mx = kv.second;
  double c = cputime() - c0;
  std::printf("hits=%ld cells=%zu max_per_cell=%ld\n", hits, count.size(), mx);
  std::printf("cpu_time=%.3f s\nns_per_hit=%.1f\n", c, 1e9 * c / hits);
  return 0;
}
