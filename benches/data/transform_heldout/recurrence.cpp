// A second-order linear recurrence.
#include <cstdio>
#include <vector>

static void fib(long n, std::vector<double>& f) {
  for (long i = 2; i < n; i++)
    f[i] = 0.5 * f[i - 1] + 0.25 * f[i - 2];  // HOT
}

int main() {
  long n = 2000;
  std::vector<double> f(n, 0.0);
  f[0] = 1.0; f[1] = 2.0;
  fib(n, f);
  double s = 0.0;
  for (long i = 0; i < 40; i++) s += f[i];
  std::printf("checksum %.17g\n", s);
  return 0;
}
