// Builds one CSV line from n numbers with out = out + field + ",": every step copies the whole
// string built so far. Prints the CPU time for each size given.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <time.h>
static double cpu() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static std::string join(long n) {
  std::string out;
  for (long i = 0; i < n; i++) {
    std::string field = std::to_string(i * 7 % 100003);
    out = out + field + ",";
  }
  return out;
}
int main(int argc, char **argv) {
  for (int k = 1; k < argc; k++) {
    long n = atol(argv[k]);
    double t0 = cpu();
    std::string s = join(n);
    double t = cpu() - t0;
    std::printf("fields=%ld length=%zu cpu_time=%.4f s\n", n, s.size(), t);
  }
  return 0;
}
