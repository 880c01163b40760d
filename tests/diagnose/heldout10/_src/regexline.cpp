// Parses "key=value" fields out of log lines with std::regex; the pattern object is constructed
// for every line ("perline", as written) or once ("once", the fix). Prints CPU time.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <regex>
#include <string>
#include <vector>

static double cpu() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double parse(const std::string &line, const std::regex &re) {
  std::smatch m;
  if (std::regex_search(line, m, re)) return atof(m[2].str().c_str());
  return 0.0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40000;
  bool perline = !(argc > 2 && strcmp(argv[2], "once") == 0);
  std::vector<std::string> lines;
  char buf[128];
  for (int i = 0; i < n; i++) {
    snprintf(buf, sizeof buf, "step %d cell=%d temp=%.3f", i, i % 977, 280.0 + (i % 101) * 0.1);
    lines.emplace_back(buf);
  }
  const char *pat = "(temp)=([0-9]+\\.[0-9]+)";
  std::regex once(pat);
  double c0 = cpu(), s = 0;
  for (const std::string &l : lines) {
    if (perline) {
      std::regex re(pat);
      s += parse(l, re);
    } else {
      s += parse(l, once);
    }
  }
  double c = cpu() - c0;
  printf("lines=%d mode=%s cpu_s=%.3f us_per_line=%.2f mean_temp=%.4f\n", n,
         perline ? "regex-per-line" : "regex-once", c, 1e6 * c / n, s / n);
  return 0;
}
