// Event times kept sorted by inserting each new one at its place in a std::vector ("insert", as
// written) or appended and sorted once ("sort", the fix). Prints CPU time.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

static double cpu() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 50000;
  bool insert = !(argc > 2 && strcmp(argv[2], "sort") == 0);
  std::vector<double> ev;
  unsigned long s = 88172645463325252UL;
  double c0 = cpu();
  for (long i = 0; i < n; i++) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    double t = (double)(s % 1000000007UL) * 1e-9;
    if (insert)
      ev.insert(std::upper_bound(ev.begin(), ev.end(), t), t);
    else
      ev.push_back(t);
  }
  if (!insert) std::sort(ev.begin(), ev.end());
  double c = cpu() - c0;
  printf("events=%ld mode=%s cpu_s=%.4f us_per_event=%.3f first=%.9f median=%.9f\n", n,
         insert ? "sorted-insert" : "append+sort", c, 1e6 * c / n, ev[0], ev[n / 2]);
  return 0;
}
