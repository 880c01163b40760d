// Converts every value of a result array to text with a fresh std::ostringstream per value
// (constructing a stream builds an ios_base and imbues the locale each time), appends it to one
// string and writes that string once. 'reuse' keeps one stream and clears it.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <sstream>
#include <string>
#include <time.h>
static double cpu() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static std::string fmt_one(double x) {
  std::ostringstream os;
  os << std::setprecision(10) << x;
  return os.str();
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  bool reuse = argc > 2 && std::strcmp(argv[2], "reuse") == 0;
  std::string out;
  out.reserve(n * 14);
  double t0 = cpu();
  std::ostringstream os;
  os << std::setprecision(10);
  for (long i = 0; i < n; i++) {
    double x = 1.0 / (i + 1) + i;
    if (reuse) { os.str(""); os << x; out += os.str(); }
    else out += fmt_one(x);
    out += '\n';
  }
  double t1 = cpu();
  FILE *f = fopen(argc > 3 ? argv[3] : "/dev/null", "w");
  fwrite(out.data(), 1, out.size(), f);
  fclose(f);
  double t2 = cpu();
  std::printf("values=%ld mode=%s format_cpu=%.3f s write_cpu=%.3f s bytes=%zu\n", n, reuse ? "reuse" : "per-value", t1 - t0, t2 - t1, out.size());
  return 0;
}
